import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

const intl = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' });

describe('formatMoney', () => {
  it('writes what Intl.NumberFormat writes for USD', () => {
    for (const amount of [0, -0, 0.5, 1, 9.99, 10, 999.995, 1000, 1234.5, -1234.5, 1e9, -0.001]) {
      expect(formatMoney(amount)).toBe(intl.format(amount));
    }
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (cents) => {
        const amount = cents / 100;
        expect(formatMoney(amount)).toBe(intl.format(amount));
      }),
    );
  });
});
