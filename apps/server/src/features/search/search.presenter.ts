import type { SearchResult } from '@glimpse/contract';
import type { MediaSigner } from '../../platform/storage/media-signer.ts';
import { avatarSrcsetOfUrl } from '../media/index.ts';
import type { SearchRow } from './search.repository.ts';

/** One profile found; its picture is signed for the viewer (once: the srcset reuses the URL). */
export function presentSearchResult(
  row: SearchRow,
  viewerId: number,
  signer: MediaSigner,
): SearchResult {
  const image = row.avatar_key ? signer.url(row.avatar_key, viewerId) : null;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    profileImage: image,
    avatar_srcset: avatarSrcsetOfUrl(image),
    verified: Boolean(row.verified),
    matched_tag: row.tag,
  };
}
