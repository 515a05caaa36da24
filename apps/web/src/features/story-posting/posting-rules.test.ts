import { describe, expect, it } from 'vitest';
import {
  changePostingPrice,
  choosePostingFree,
  initialPostingPrice,
  postingNeedsVerification,
  postingPriceAmount,
  postingPriceProblem,
} from './posting-rules.ts';

describe('posting price and free (spec 4, chat posting)', () => {
  it('starts free with no price', () => {
    expect(initialPostingPrice).toEqual({ price: '', free: true });
  });

  it('a price above 0 unselects free', () => {
    expect(changePostingPrice('4.99')).toEqual({ price: '4.99', free: false });
  });

  it('a price of 0 or empty selects free', () => {
    expect(changePostingPrice('0')).toEqual({ price: '0', free: true });
    expect(changePostingPrice('0.00')).toEqual({ price: '0.00', free: true });
    expect(changePostingPrice('')).toEqual({ price: '', free: true });
  });

  it('choosing free clears the price', () => {
    expect(choosePostingFree()).toEqual({ price: '', free: true });
  });

  it('sends null for a free story and the amount otherwise', () => {
    expect(postingPriceAmount({ price: '', free: true })).toBeNull();
    expect(postingPriceAmount({ price: '0', free: true })).toBeNull();
    expect(postingPriceAmount({ price: '12.5', free: false })).toBe(12.5);
  });

  it('needs verification only for a price above 0', () => {
    expect(postingNeedsVerification(changePostingPrice('1'))).toBe(true);
    expect(postingNeedsVerification(changePostingPrice('0'))).toBe(false);
    expect(postingNeedsVerification(choosePostingFree())).toBe(false);
  });
});

describe('posting price range (spec 5: 0 to 49.99)', () => {
  it.each(['', '0', '0.01', '10', '49.99'])('accepts %j', (price) => {
    expect(postingPriceProblem(price)).toBeUndefined();
  });

  it.each(['49.991', '50', '1000'])('answers max_price_error above the maximum (%j)', (price) => {
    expect(postingPriceProblem(price)).not.toBeUndefined();
  });

  it('uses max_price_error for out-of-range and a separate problem for decimals', () => {
    expect(postingPriceProblem('50')).toBe('max_price_error');
    expect(postingPriceProblem('-1')).toBe('max_price_error');
    expect(postingPriceProblem('1.234')).toBe('price_decimals');
  });
});
