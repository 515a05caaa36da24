/** Parses a money input: '' -> null, a valid non-negative amount with <= 2 decimals -> number. */
export function parseMoney(input: string, max: number): number | null | 'invalid' {
  const trimmed = input.trim().replace(',', '.');
  if (trimmed === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return 'invalid';
  const value = Number(trimmed);
  return value <= max ? value : 'invalid';
}

/**
 * Currency display; the server's CURRENCY defaults to USD and is not yet exposed to the client.
 * What `Intl.NumberFormat('en', { style: 'currency', currency: 'USD' })` writes ("-$1,234.50"),
 * without building a formatter, which costs a slow phone measurable time on the first screen
 * (money.test.ts compares the two).
 */
export function formatMoney(amount: number): string {
  const [whole = '0', cents = '00'] = Math.abs(amount).toFixed(2).split('.');
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `${sign}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}
