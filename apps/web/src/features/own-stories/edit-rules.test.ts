import { describe, expect, it } from 'vitest';
import {
  changeEditPrice,
  chooseEditFree,
  editNeedsVerification,
  initialEditPrice,
  toEditStoryBody,
} from './edit-rules.ts';

describe('edit dialog price and free (spec 4, own stories)', () => {
  it('opening a story with no price marks it free', () => {
    expect(initialEditPrice({ price: null })).toEqual({ priceText: '', price: 0, free: true });
  });

  it('opening a priced story shows its price, not free', () => {
    expect(initialEditPrice({ price: 4.5 })).toEqual({ priceText: '4.5', price: 4.5, free: false });
  });

  it('choosing free sets the price to 0 (posting clears it instead)', () => {
    expect(chooseEditFree()).toEqual({ priceText: '0', price: 0, free: true });
  });

  it('parses an entered price as a number; non-numeric becomes 0, which is free', () => {
    expect(changeEditPrice('12.5')).toEqual({ priceText: '12.5', price: 12.5, free: false });
    expect(changeEditPrice('abc')).toEqual({ priceText: 'abc', price: 0, free: true });
    expect(changeEditPrice('')).toEqual({ priceText: '', price: 0, free: true });
    expect(changeEditPrice('3,5').price).toBe(3.5);
  });

  it('price 0 means free, any other price not free', () => {
    expect(changeEditPrice('0').free).toBe(true);
    expect(changeEditPrice('0.01').free).toBe(false);
  });

  it('needs a verification check for any price but 0', () => {
    expect(editNeedsVerification(changeEditPrice('0'))).toBe(false);
    expect(editNeedsVerification(changeEditPrice('2'))).toBe(true);
  });

  it('saves price 0 as null with free, and a price as itself', () => {
    expect(toEditStoryBody(chooseEditFree(), 'hi')).toEqual({
      price: null,
      free: 'free',
      text: 'hi',
    });
    expect(toEditStoryBody(changeEditPrice('7'), '')).toEqual({ price: 7, free: null, text: '' });
  });
});
