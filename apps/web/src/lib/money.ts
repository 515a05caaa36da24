import { activeLanguage } from '../i18n/languages.ts';

/** Parses a money input: '' -> null, a valid non-negative amount with <= 2 decimals -> number. */
export function parseMoney(input: string, max: number): number | null | 'invalid' {
  const trimmed = input.trim().replace(',', '.');
  if (trimmed === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return 'invalid';
  const value = Number(trimmed);
  return value <= max ? value : 'invalid';
}

/** The currency amounts are in; the server's CURRENCY defaults to USD and is not yet exposed. */
const CURRENCY = 'USD';
const currencyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount as the language on screen writes money: "$1,234.50" in English, "1.234,50 $" in
 * German. English, the first page's usual case, is written out by hand as
 * `Intl.NumberFormat('en', { style: 'currency', currency: 'USD' })` would: building a formatter
 * costs a slow phone measurable time on the first screen (money.test.ts compares the two).
 * Other languages build theirs once.
 */
export function formatMoney(amount: number, language: string = activeLanguage()): string {
  if (language === 'en') {
    const [whole = '0', cents = '00'] = Math.abs(amount).toFixed(2).split('.');
    const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
    return `${sign}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
  }
  let format = currencyFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { style: 'currency', currency: CURRENCY });
    currencyFormats.set(language, format);
  }
  return format.format(amount);
}
