/** Parses a money input: '' -> null, a valid non-negative amount with <= 2 decimals -> number. */
export function parseMoney(input: string, max: number): number | null | 'invalid' {
  const trimmed = input.trim().replace(',', '.');
  if (trimmed === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return 'invalid';
  const value = Number(trimmed);
  return value <= max ? value : 'invalid';
}

const formatter = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' });

/** Currency display; the server's CURRENCY defaults to USD and is not yet exposed to the client. */
export function formatMoney(amount: number): string {
  return formatter.format(amount);
}
