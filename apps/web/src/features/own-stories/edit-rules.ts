import type { EditStoryBody, OwnStory } from '@glimpse/contract';

/**
 * Price and free in the edit dialog "modify content" (spec 4 "Own stories", spec 5 "Edit
 * story"). Posting follows different rules: see story-posting/posting-rules.ts.
 */
export interface EditPrice {
  /** What the price input shows. */
  priceText: string;
  /** The parsed price; 0 means free. */
  price: number;
  free: boolean;
}

/** Opening edit on a story with no price marks it free. */
export function initialEditPrice(story: Pick<OwnStory, 'price'>): EditPrice {
  if (story.price === null || story.price === 0) return { priceText: '', price: 0, free: true };
  return { priceText: String(story.price), price: story.price, free: false };
}

/** Entering a price parses it as a number (non-numeric becomes 0); 0 means free. */
export function changeEditPrice(priceText: string): EditPrice {
  const parsed = Number(priceText.trim().replace(',', '.'));
  const price = Number.isFinite(parsed) ? parsed : 0;
  return { priceText, price, free: price === 0 };
}

/** Choosing free sets the price to 0. */
export function chooseEditFree(): EditPrice {
  return { priceText: '0', price: 0, free: true };
}

/** A price other than 0 needs a passed verification check before saving. */
export function editNeedsVerification(model: EditPrice): boolean {
  return model.price !== 0;
}

/** The PATCH body: a price of 0 is saved as null (free). */
export function toEditStoryBody(model: EditPrice, text: string): EditStoryBody {
  const free = model.price === 0;
  return { price: free ? null : model.price, free: free ? 'free' : null, text };
}
