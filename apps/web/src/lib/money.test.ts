import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { formatMoney } from './money.ts';

const intl = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' });

afterEach(async () => {
  await i18n.changeLanguage('en');
});

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

  it('writes money as the language on screen does', async () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    await i18n.changeLanguage('de');
    // German puts the symbol after the amount, with a no-break space.
    expect(formatMoney(1234.5)).toBe('1.234,50\u00a0$');
    expect(formatMoney(5)).toBe('5,00\u00a0$');
    expect(formatMoney(-0.5)).toBe('-0,50\u00a0$');
    expect(formatMoney(5, 'en')).toBe('$5.00');
  });
});
