import type { CurrentUser } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import {
  avatarThumbKey,
  deleteBlobs,
  recordAvatarCopies,
  storeAvatarCopies,
  storeAvatarImage,
  swapAvatarMedia,
} from '../media/index.ts';
import { attachAvatarThumb, findUser, requireUser, swapAvatar } from './account.service.ts';
import { getCurrentUser } from './users.service.ts';

/**
 * Stores a new profile picture: validated and re-encoded by media, swapped in one transaction
 * with the thumbnail job; the old blobs are removed after commit.
 */
export async function setAvatar(
  ctx: AppContext,
  userId: number,
  upload: Buffer,
): Promise<CurrentUser> {
  await requireUser(ctx, userId);
  const avatar = await storeAvatarImage(ctx, upload);
  try {
    await inTransaction(ctx.db, async (tx, effects) => {
      const replaced = await swapAvatar({ db: tx }, userId, avatar.key);
      const oldKeys = await swapAvatarMedia({ db: tx }, userId, avatar, replaced);
      effects.enqueue('avatar.variants', { userId, sourceKey: avatar.key });
      effects.emitToUser(userId, 'user.updated', { user_id: userId });
      effects.afterCommit(() => deleteBlobs(ctx, oldKeys));
    });
  } catch (error) {
    await ctx.blobs.delete(avatar.key);
    throw error;
  }
  return getCurrentUser(ctx, userId);
}

/**
 * Job: the avatar's smaller copies (media makes them); the thumbnail is recorded on the user,
 * which marks the job done. Skips quietly if the avatar changed meanwhile.
 */
export async function makeAvatarVariants(
  ctx: AppContext,
  payload: { userId: number; sourceKey: string },
): Promise<void> {
  const user = await findUser(ctx, payload.userId);
  if (!user || user.avatarKey !== payload.sourceKey || user.avatarThumbKey) return;
  const copies = await storeAvatarCopies(ctx, payload.sourceKey);
  if (!copies) return;
  let attached = false;
  try {
    attached = await inTransaction(ctx.db, async (tx) => {
      // The avatar may have been replaced while the copies were made: then they are not ours.
      const thumbKey = avatarThumbKey(payload.sourceKey);
      if (!(await attachAvatarThumb({ db: tx }, user.id, payload.sourceKey, thumbKey)))
        return false;
      await recordAvatarCopies({ db: tx }, user.id, copies);
      return true;
    });
  } finally {
    if (!attached) await Promise.all(copies.map(({ key }) => ctx.blobs.delete(key)));
  }
}
