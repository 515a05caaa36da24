import { AVATAR_MAX_PIXELS, AVATAR_SIZE_PX, type CurrentUser } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { newBlobKey } from '../../platform/storage/blob-store.ts';
import {
  getCurrentUser,
  attachAvatarThumb,
  findUser,
  requireUser,
  swapAvatar,
} from '../users/index.ts';
import { makeWebpVariants } from '../../platform/media-tools/image.ts';
import { inspectImage, squareWebp } from './image-policy.ts';
import * as repo from './media.repository.ts';
import { AVATAR_VARIANT_WIDTHS, variantKey, variantKeys } from './media-variants.ts';

/**
 * Stores a new profile picture: validated, re-encoded (no metadata survives), swapped in one
 * transaction with the thumbnail job; the old blobs are removed after commit.
 */
export async function setAvatar(
  ctx: AppContext,
  userId: number,
  upload: Buffer,
): Promise<CurrentUser> {
  await requireUser(ctx, userId);
  await inspectImage(upload, { maxPixels: AVATAR_MAX_PIXELS });
  const encoded = await squareWebp(upload, AVATAR_SIZE_PX, AVATAR_MAX_PIXELS);
  const key = newBlobKey();
  const { bytes } = await ctx.blobs.put(key, encoded);
  try {
    await inTransaction(ctx.db, async (tx, effects) => {
      // The replaced avatar, its thumbnail and its smaller copies (whose keys derive from it).
      const replaced = await swapAvatar({ db: tx }, userId, key);
      const oldKeys = [
        ...new Set(replaced.flatMap((old) => [old, ...variantKeys(old, AVATAR_VARIANT_WIDTHS)])),
      ];
      await repo.insertMediaObject(tx, {
        key,
        ownerId: userId,
        kind: 'avatar',
        contentType: 'image/webp',
        bytes,
      });
      for (const old of oldKeys) await repo.deleteMediaObject(tx, old);
      effects.enqueue('avatar.variants', { userId, sourceKey: key });
      effects.emitToUser(userId, 'user.updated', { user_id: userId });
      effects.afterCommit(async () => {
        await Promise.all(oldKeys.map((old) => ctx.blobs.delete(old)));
      });
    });
  } catch (error) {
    await ctx.blobs.delete(key);
    throw error;
  }
  return getCurrentUser(ctx, userId);
}

/**
 * Job: the smaller WebP copies lists show (`AVATAR_VARIANT_WIDTHS`), stored under keys derived
 * from the avatar's (media-variants.ts). The 128 px copy is recorded as the user's thumbnail,
 * which marks the job done. Skips quietly if the avatar changed meanwhile.
 */
export async function makeAvatarVariants(
  ctx: AppContext,
  payload: { userId: number; sourceKey: string },
): Promise<void> {
  const user = await findUser(ctx, payload.userId);
  if (!user || user.avatarKey !== payload.sourceKey || user.avatarThumbKey) return;
  const source = await ctx.blobs.get(payload.sourceKey);
  if (!source) return;
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(chunk as Buffer);
  const variants = await makeWebpVariants(Buffer.concat(chunks), AVATAR_VARIANT_WIDTHS);
  const stored = await Promise.all(
    variants.map(async (variant) => {
      const key = variantKey(payload.sourceKey, variant.width);
      const { bytes } = await ctx.blobs.put(key, variant.data);
      return { key, bytes };
    }),
  );
  const thumbKey = variantKey(payload.sourceKey, AVATAR_VARIANT_WIDTHS[0]);
  let attached = false;
  try {
    attached = await inTransaction(ctx.db, async (tx) => {
      // The avatar may have been replaced while the copies were made: then they are not ours.
      if (!(await attachAvatarThumb({ db: tx }, user.id, payload.sourceKey, thumbKey)))
        return false;
      for (const { key, bytes } of stored) {
        await repo.insertMediaObjectOnce(tx, {
          key,
          ownerId: user.id,
          kind: 'avatar_thumb',
          contentType: 'image/webp',
          bytes,
        });
      }
      return true;
    });
  } finally {
    if (!attached) await Promise.all(stored.map(({ key }) => ctx.blobs.delete(key)));
  }
}
