import type { AppContext } from '../../platform/context.ts';
import type { MediaObjectRow } from './media.repository.ts';

/**
 * What the API and storage answer media with: each signed URL is checked on every request, so
 * nothing on the way (a proxy, the browser) may keep a copy for another request or person.
 */
export const MEDIA_CACHE_CONTROL = 'private, no-store';

/**
 * A presigned storage URL for media whose access check has just passed, or undefined when the
 * API streams it: MEDIA_REDIRECT_SECONDS is 0 (the default) or the store cannot presign (local
 * disk). The URL works for anyone holding it until its TTL runs out, revoked access included:
 * that window is the price of the redirect (docs/media-delivery.md).
 */
export async function presignedMediaUrl(
  ctx: AppContext,
  media: MediaObjectRow,
): Promise<string | undefined> {
  const ttlSeconds = ctx.config.mediaRedirectSeconds;
  if (ttlSeconds <= 0) return undefined;
  // Blobs are stored without a type; storage answers with the one the row recorded.
  return ctx.blobs.presignedGetUrl(media.key, ttlSeconds, {
    contentType: media.contentType,
    cacheControl: MEDIA_CACHE_CONTROL,
  });
}
