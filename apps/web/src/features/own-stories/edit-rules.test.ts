import { describe, expect, it } from 'vitest';
import {
  changeEditPrice,
  editNeedsVerification,
  editPriceProblem,
  initialEditPrice,
  priceTextOf,
  setEditFree,
  toEditStoryBody,
  type EditPrice,
} from './edit-rules.ts';

const free: EditPrice = { priceText: '', price: 0, free: true };
const priced: EditPrice = { priceText: '5', price: 5, free: false };

describe('edit dialog price and free (spec 4, own stories)', () => {
  it('opening a story with no price marks it free', () => {
    expect(initialEditPrice({ price: null })).toEqual(free);
  });

  it('opening a priced story shows its price, not free', () => {
    expect(initialEditPrice({ price: 4.5 })).toEqual({ priceText: '4.5', price: 4.5, free: false });
  });

  it('keeps digits and one decimal point with two decimals at most; nothing else gets in', () => {
    expect(priceTextOf('12.5')).toBe('12.5');
    expect(priceTextOf('3,5')).toBe('3.5');
    expect(priceTextOf('abc')).toBe('');
    expect(priceTextOf('4a2')).toBe('42');
    expect(priceTextOf('1.2.3')).toBe('1.23');
    expect(priceTextOf('1.999')).toBe('1.99');
    expect(priceTextOf('.5')).toBe('0.5');
    expect(priceTextOf(' 7 ')).toBe('7');
  });

  it('a price above 0 turns free off; letters, 0 or an empty field leave free as it was', () => {
    expect(changeEditPrice(free, '12.5')).toEqual({ priceText: '12.5', price: 12.5, free: false });
    expect(changeEditPrice(priced, '5x')).toEqual(priced);
    expect(changeEditPrice(free, 'abc')).toEqual(free);
    expect(changeEditPrice(priced, '')).toEqual({ priceText: '', price: 0, free: false });
    expect(changeEditPrice({ ...free, free: false }, '0')).toMatchObject({ price: 0, free: false });
  });

  it('switching free on empties the price; off keeps what was typed and asks for a price', () => {
    expect(setEditFree(priced, true)).toEqual(free);
    expect(setEditFree(free, false)).toEqual({ priceText: '', price: 0, free: false });
    expect(setEditFree({ ...priced, free: true }, false)).toEqual(priced);
  });

  it('refuses to save no price while free is off, and more than 49.99', () => {
    expect(editPriceProblem(free)).toBeNull();
    expect(editPriceProblem(priced)).toBeNull();
    expect(editPriceProblem({ priceText: '', price: 0, free: false })).toBe('price_required');
    expect(editPriceProblem(changeEditPrice(free, '49.99'))).toBeNull();
    expect(editPriceProblem(changeEditPrice(free, '50'))).toBe('max_price_error');
  });

  it('needs a verification check for a price, never for free', () => {
    expect(editNeedsVerification(free)).toBe(false);
    expect(editNeedsVerification(changeEditPrice(free, '2'))).toBe(true);
  });

  it('saves free (and price 0) as null with free, and a price as itself', () => {
    expect(toEditStoryBody(setEditFree(priced, true), 'hi')).toEqual({
      price: null,
      free: 'free',
      text: 'hi',
    });
    expect(toEditStoryBody(changeEditPrice(free, '7'), '')).toEqual({
      price: 7,
      free: null,
      text: '',
    });
  });
});
