import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromCents, moneyAmount, toCents } from './money.ts';

describe('money on the wire', () => {
  const price = moneyAmount(49.99);

  it('accepts amounts with up to two decimals inside the bounds', () => {
    for (const value of [0, 0.01, 4.99, 10, 49.99])
      expect(price.safeParse(value).success).toBe(true);
  });

  it('refuses more decimals, negatives, NaN, infinities, strings and amounts over the maximum', () => {
    for (const value of [4.999, -0.01, Number.NaN, Number.POSITIVE_INFINITY, '4.99', 50]) {
      expect(price.safeParse(value).success).toBe(false);
    }
  });

  it('round-trips every cent value exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        const amount = fromCents(cents);
        expect(toCents(amount)).toBe(cents);
        expect(moneyAmount(100_000).safeParse(amount).success).toBe(true);
      }),
    );
  });
});
