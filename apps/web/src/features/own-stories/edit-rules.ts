import { STORY_PRICE_MAX, type EditStoryBody, type OwnStory } from '@glimpse/contract';

/**
 * Price and free in the edit dialog "modify content" (spec 4 "Own stories", spec 5 "Edit
 * story"). Posting follows different rules: see story-posting/posting-rules.ts.
 */
export interface EditPrice {
  /** What the price input shows. */
  priceText: string;
  /** The parsed price; 0 while the field is empty. */
  price: number;
  free: boolean;
}

/** Why the price cannot be saved as it is. */
export type EditPriceProblem = 'price_required' | 'max_price_error';

/** Opening edit on a story with no price marks it free. */
export function initialEditPrice(story: Pick<OwnStory, 'price'>): EditPrice {
  if (story.price === null || story.price === 0) return { priceText: '', price: 0, free: true };
  return { priceText: String(story.price), price: story.price, free: false };
}

/**
 * What the price field keeps of what was typed: digits and one decimal point (a comma becomes
 * one) with at most two decimals. Anything else never enters the field, so a stray letter
 * changes neither the price nor Free.
 */
export function priceTextOf(typed: string): string {
  let text = '';
  let decimals = -1;
  for (const char of typed.trim().replace(/,/g, '.')) {
    if (char === '.') {
      if (decimals >= 0) continue;
      decimals = 0;
      text += text === '' ? '0.' : '.';
    } else if (char >= '0' && char <= '9') {
      if (decimals >= 2) continue;
      if (decimals >= 0) decimals += 1;
      text += char;
    }
  }
  return text;
}

/**
 * Typing a price (spec 4: the text parsed as a number): a price above 0 is not free. Clearing
 * the field, or a 0 on the way to "0.50", leaves Free as it was rather than flicking it on.
 */
export function changeEditPrice(previous: EditPrice, typed: string): EditPrice {
  const priceText = priceTextOf(typed);
  const price = priceText === '' ? 0 : Number(priceText);
  return { priceText, price, free: price > 0 ? false : previous.free };
}

/**
 * The Free switch. On: the price goes to 0 (the field empties). Off: the story is to have a
 * price, which the field then asks for; a price typed before stays.
 */
export function setEditFree(previous: EditPrice, free: boolean): EditPrice {
  if (free) return { priceText: '', price: 0, free: true };
  return { ...previous, free: false };
}

/** What stops saving: no price while Free is off, or more than the most a story may cost. */
export function editPriceProblem(model: EditPrice): EditPriceProblem | null {
  if (model.free) return null;
  if (model.price <= 0) return 'price_required';
  if (model.price > STORY_PRICE_MAX) return 'max_price_error';
  return null;
}

/** A price other than 0 needs a passed verification check before saving. */
export function editNeedsVerification(model: EditPrice): boolean {
  return !model.free && model.price !== 0;
}

/** The PATCH body: free (and a price of 0) is saved as null. */
export function toEditStoryBody(model: EditPrice, text: string): EditStoryBody {
  const free = model.free || model.price === 0;
  return { price: free ? null : model.price, free: free ? 'free' : null, text };
}
