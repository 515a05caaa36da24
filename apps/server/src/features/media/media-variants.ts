import { createHash } from 'node:crypto';
import { AVATAR_SIZE_PX } from '@glimpse/contract';
import type { MediaSigner } from '../../platform/storage/media-signer.ts';

/**
 * Smaller WebP copies of an image, for `srcset`: a list shows a 64 px avatar, not the 512 px
 * original, and a story tile a third of the screen, not the 1080 px story.
 *
 * A variant is addressed as its source's signed URL plus `&w=<width>`. Its blob lives under a
 * key derived from the source key (`variantKey`), so no column or migration records it; the
 * media route serves the variant when it exists and the source otherwise (an image processed
 * before variants existed, or whose variant job has not run yet), so a srcset is always safe to
 * send. Access is decided on the source key alone: a variant is the same picture, smaller.
 */
export const AVATAR_VARIANT_WIDTHS = [128, 256] as const;
export const STORY_VARIANT_WIDTHS = [240, 480, 720] as const;

const SERVED_WIDTHS = new Set<number>([...AVATAR_VARIANT_WIDTHS, ...STORY_VARIANT_WIDTHS]);

/** Whether `w` names a variant width the route serves (anything else is refused as a bad link). */
export function isVariantWidth(width: number): boolean {
  return SERVED_WIDTHS.has(width);
}

/**
 * The blob key of a source's variant: 22 base64url characters like every key, derived one way
 * from the (unguessable) source key, so it is as unguessable and never appears in a URL.
 */
export function variantKey(sourceKey: string, width: number): string {
  return createHash('sha256').update(`${sourceKey}:w${width}`).digest('base64url').slice(0, 22);
}

export function variantKeys(sourceKey: string, widths: readonly number[]): string[] {
  return widths.map((width) => variantKey(sourceKey, width));
}

/**
 * A `srcset` for one image: each variant narrower than the source, then the source itself at
 * its own width. Null without a source; without a known source width only the variants are
 * listed (the browser then never picks a size larger than the largest variant).
 */
export function signedSrcset(
  signer: MediaSigner,
  sourceKey: string | null,
  viewerId: number,
  widths: readonly number[],
  sourceWidth: number | null,
): string | null {
  return sourceKey ? srcsetOfSignedUrl(signer.url(sourceKey, viewerId), widths, sourceWidth) : null;
}

/** `signedSrcset` for a source URL already signed, so a presenter signs each image once. */
export function srcsetOfSignedUrl(
  url: string,
  widths: readonly number[],
  sourceWidth: number | null,
): string {
  const smaller = widths.filter((width) => sourceWidth === null || width < sourceWidth);
  const candidates = smaller.map((width) => `${url}&w=${width} ${width}w`);
  if (sourceWidth !== null) candidates.push(`${url} ${sourceWidth}w`);
  return candidates.join(', ');
}

/** A profile picture's srcset (the stored avatar is a square of AVATAR_SIZE_PX). */
export function avatarSrcset(
  signer: MediaSigner,
  avatarKey: string | null,
  viewerId: number,
): string | null {
  return signedSrcset(signer, avatarKey, viewerId, AVATAR_VARIANT_WIDTHS, AVATAR_SIZE_PX);
}

/** `avatarSrcset` for an avatar URL already signed (`signer.url`). */
export function avatarSrcsetOfUrl(url: string | null): string | null {
  return url === null ? null : srcsetOfSignedUrl(url, AVATAR_VARIANT_WIDTHS, AVATAR_SIZE_PX);
}
