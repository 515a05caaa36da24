import { AVATAR_MAX_PIXELS, AVATAR_SIZE_PX } from '@glimpse/contract';
import type { AppContext, DbContext } from '../../platform/context.ts';
import { makeWebpVariants } from '../../platform/media-tools/image.ts';
import { inspectImage, squareWebp } from './image-policy.ts';
import * as repo from './media.repository.ts';
import { storeBlob, type StoredBlob } from './media.service.ts';
import { AVATAR_VARIANT_WIDTHS, variantKey, variantKeys } from './media-variants.ts';

/**
 * A profile picture's images: the users feature owns whose avatar it is, media owns the pictures
 * (validated, re-encoded, their smaller copies under derived keys) and their media rows.
 */

/** Validates and re-encodes an uploaded picture (no metadata survives) and stores it. */
export async function storeAvatarImage(ctx: AppContext, upload: Buffer): Promise<StoredBlob> {
  await inspectImage(upload, { maxPixels: AVATAR_MAX_PIXELS });
  return storeBlob(ctx, await squareWebp(upload, AVATAR_SIZE_PX, AVATAR_MAX_PIXELS));
}

/**
 * Inside the caller's transaction: records the new avatar as its owner's media and forgets the
 * replaced ones with their smaller copies. Answers the blob keys to delete after commit.
 */
export async function swapAvatarMedia(
  ctx: DbContext,
  ownerId: number,
  avatar: StoredBlob,
  replacedKeys: string[],
): Promise<string[]> {
  const oldKeys = [
    ...new Set(replacedKeys.flatMap((old) => [old, ...variantKeys(old, AVATAR_VARIANT_WIDTHS)])),
  ];
  await repo.insertMediaObject(ctx.db, {
    key: avatar.key,
    ownerId,
    kind: 'avatar',
    contentType: 'image/webp',
    bytes: avatar.bytes,
  });
  for (const old of oldKeys) await repo.deleteMediaObject(ctx.db, old);
  return oldKeys;
}

/** The key of an avatar's thumbnail: its smallest copy (`AVATAR_VARIANT_WIDTHS`). */
export function avatarThumbKey(sourceKey: string): string {
  return variantKey(sourceKey, AVATAR_VARIANT_WIDTHS[0]);
}

/**
 * Stores the smaller WebP copies lists show, under keys derived from the avatar's (not yet
 * recorded: `recordAvatarCopies`). Undefined when the avatar's blob is gone.
 */
export async function storeAvatarCopies(
  ctx: AppContext,
  sourceKey: string,
): Promise<StoredBlob[] | undefined> {
  const source = await ctx.blobs.get(sourceKey);
  if (!source) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(chunk as Buffer);
  const variants = await makeWebpVariants(Buffer.concat(chunks), AVATAR_VARIANT_WIDTHS);
  return Promise.all(
    variants.map((variant) => storeBlob(ctx, variant.data, variantKey(sourceKey, variant.width))),
  );
}

/** Inside the caller's transaction: records stored copies as the owner's (kept if recorded). */
export async function recordAvatarCopies(
  ctx: DbContext,
  ownerId: number,
  copies: StoredBlob[],
): Promise<void> {
  for (const { key, bytes } of copies) {
    await repo.insertMediaObjectOnce(ctx.db, {
      key,
      ownerId,
      kind: 'avatar_thumb',
      contentType: 'image/webp',
      bytes,
    });
  }
}
