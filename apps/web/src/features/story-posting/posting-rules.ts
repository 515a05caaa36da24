import { STORY_PRICE_MAX, STORY_PRICE_MIN, storyPostModel } from '@glimpse/contract';

/**
 * Price and free when posting a story (spec 4 "In chat posting", spec 5 "Chat story post"). The
 * edit dialog follows different rules: see own-stories/edit-rules.ts.
 */
export interface PostingPrice {
  /** What the price input shows; '' when no price. */
  price: string;
  free: boolean;
}

export const initialPostingPrice: PostingPrice = { price: '', free: true };

function positiveAmount(price: string): number | undefined {
  if (price.trim() === '') return undefined;
  const value = Number(price);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** A price above 0 unselects free; 0 or empty selects it. */
export function changePostingPrice(price: string): PostingPrice {
  return { price, free: positiveAmount(price) === undefined };
}

/** Choosing free clears the price. */
export function choosePostingFree(): PostingPrice {
  return { price: '', free: true };
}

export type PostingPriceProblem = 'max_price_error' | 'price_decimals';

/** Why the price cannot be posted: outside 0..49.99 (max_price_error) or too many decimals. */
export function postingPriceProblem(price: string): PostingPriceProblem | undefined {
  if (price.trim() === '') return undefined;
  const value = Number(price);
  if (!Number.isFinite(value) || value < STORY_PRICE_MIN || value > STORY_PRICE_MAX) {
    return 'max_price_error';
  }
  // The range above is the service's rule; the contract's price schema owns the format.
  return storyPostModel.shape.price.safeParse(value).success ? undefined : 'price_decimals';
}

/** The price to send: null for a free story. */
export function postingPriceAmount({ price, free }: PostingPrice): number | null {
  if (free) return null;
  return positiveAmount(price) ?? null;
}

/** A price above 0 needs an identity-verified creator before posting. */
export function postingNeedsVerification(model: PostingPrice): boolean {
  return postingPriceAmount(model) !== null;
}
