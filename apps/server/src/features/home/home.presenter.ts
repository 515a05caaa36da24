import type { HomeItem } from '@glimpse/contract';
import type { MediaSigner } from '../../platform/storage/media-signer.ts';
import { avatarSrcsetOfUrl } from '../media/index.ts';
import type { HomeRow } from './home.repository.ts';

/** A home list entry; raw SQL answers counts and flags as strings or 0/1, the wire wants types. */
export function presentHomeItem(row: HomeRow, viewerId: number, signer: MediaSigner): HomeItem {
  // Signed once: the srcset's full-size candidate is the same URL (an HMAC per URL adds up over
  // a page of avatars).
  const image = row.avatar_key ? signer.url(row.avatar_key, viewerId) : null;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    image,
    avatar_srcset: avatarSrcsetOfUrl(image),
    has_stories: Number(row.story_count),
    hasNotWatchedStories: Boolean(row.has_unwatched),
    order: Number(row.order),
    isVerify: Boolean(row.verified),
    subscribed: Boolean(row.subscribed),
    stream:
      row.stream_id === null
        ? null
        : {
            id: Number(row.stream_id),
            title: row.stream_title ?? '',
            viewer_count: Number(row.stream_viewers ?? 0),
          },
  };
}
