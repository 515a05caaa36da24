import type { Readable } from 'node:stream';
import type { AppContext, DbContext } from '../../platform/context.ts';
import { newBlobKey } from '../../platform/storage/blob-store.ts';
import { checkAccess } from '../access/index.ts';
import * as repo from './media.repository.ts';
import { variantKey } from './media-variants.ts';
import type { MediaObjectRow } from './media.repository.ts';

export interface StoredBlob {
  key: string;
  bytes: number;
}

/**
 * Writes bytes under a fresh random key, or under `key` (a variant's derived key). The caller
 * records it with `recordMedia` in its transaction.
 */
export async function storeBlob(
  ctx: AppContext,
  data: Buffer | Readable,
  key: string = newBlobKey(),
): Promise<StoredBlob> {
  const { bytes } = await ctx.blobs.put(key, data);
  return { key, bytes };
}

/**
 * Records a stored blob as the caller's media, inside the caller's transaction (`{ db: tx }`).
 * A row already recorded under the key (a retried job's variant) is kept.
 */
export async function recordMedia(
  ctx: DbContext,
  row: {
    key: string;
    ownerId: number;
    kind: string;
    contentType: string;
    bytes: number;
    storyId?: number | null;
  },
): Promise<void> {
  await repo.insertMediaObjectOnce(ctx.db, row);
}

/**
 * The blob behind a signed URL, when the viewer it was signed for may fetch it; undefined for
 * every refusal alike (unknown key or no access), so the route answers one 404 for both.
 */
export async function findViewableMedia(
  ctx: AppContext,
  viewerId: number,
  key: string,
): Promise<MediaObjectRow | undefined> {
  const allowed = await checkAccess(ctx, viewerId, 'media.view', [key]);
  if (!allowed.has(key)) return undefined;
  return repo.findMediaObject(ctx.db, key);
}

/**
 * The stored `width` copy of a viewable source image (media-variants.ts), or undefined when it
 * has not been made (yet). The caller has already decided access on the source.
 */
export async function findVariant(
  ctx: DbContext,
  source: MediaObjectRow,
  width: number,
): Promise<MediaObjectRow | undefined> {
  return repo.findMediaObject(ctx.db, variantKey(source.key, width));
}

/**
 * Forgets every media row of a story inside the caller's transaction and answers the blob keys
 * it held, for the caller to delete with `deleteBlobs` once the transaction has committed.
 */
export async function forgetMediaOfStory(ctx: DbContext, storyId: number): Promise<string[]> {
  const keys = await repo.mediaKeysOfStory(ctx.db, storyId);
  await repo.deleteMediaRowsOfStory(ctx.db, storyId);
  return keys;
}

/** Removes blobs whose rows are gone; failures are logged, an orphan blob harms nobody. */
export async function deleteBlobs(ctx: AppContext, keys: string[]): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      ctx.blobs
        .delete(key)
        .catch((error) => ctx.log.warn({ err: error, key }, 'blob delete failed')),
    ),
  );
}
