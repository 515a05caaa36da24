import type { BlockedUser } from '@glimpse/contract';
import type { MediaSigner } from '../../platform/storage/media-signer.ts';
import type { BlockedRow } from './blocks.repository.ts';

/** One entry of the viewer's blocked-users list; the avatar URL is signed for the viewer. */
export function presentBlockedUser(
  row: BlockedRow,
  viewerId: number,
  signer: MediaSigner,
): BlockedUser {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    profileImage: row.avatarKey ? signer.url(row.avatarKey, viewerId) : null,
    blocked_at: row.blockedAt.toISOString(),
  };
}
