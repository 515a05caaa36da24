import { STORY_PRICE_MAX, STORY_PRICE_MIN, STORY_TAGS_MAX, toCents } from '@glimpse/contract';
import { AppError } from '../../platform/errors/app-error.ts';
import { assertMaySetPrices } from '../users/index.ts';

/**
 * The price rules shared by posting and editing (spec 4 and 5): "free" or 0 means no price
 * (stored as null); above 49.99 is max_price_error; any price needs a verified creator.
 */
export function resolvePriceCents(
  input: { price?: number | null | undefined; free?: 'free' | boolean | null | undefined },
  creatorVerified: boolean,
): number | null {
  if (input.free === 'free' || input.free === true) return null;
  const price = input.price ?? 0;
  if (price > STORY_PRICE_MAX) {
    throw new AppError('max_price_error', {
      err_msg: { price: ['max_price_error'], min: STORY_PRICE_MIN, max: STORY_PRICE_MAX },
      errors: { price: ['max_price_error'] },
    });
  }
  if (price === 0) return null;
  assertMaySetPrices({ price }, creatorVerified);
  return toCents(price);
}

/** The tags a description carries: its #hashtags, lower-cased, unique, at most STORY_TAGS_MAX. */
export function hashtagsOf(text: string): string[] {
  const tags = [...text.matchAll(/#([\p{L}\p{N}_]{1,40})/gu)].map((match) =>
    match[1]!.toLowerCase(),
  );
  return [...new Set(tags)].slice(0, STORY_TAGS_MAX);
}
