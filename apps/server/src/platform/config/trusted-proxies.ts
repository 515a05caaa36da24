import { isIP } from 'node:net';

/**
 * TRUSTED_PROXIES: the proxies whose X-Forwarded-For is believed, as comma-separated addresses
 * and CIDR ranges ("127.0.0.1,10.0.0.0/8,::1"). Unset or empty: none, and the client address is
 * the socket's, whatever headers say (a forged X-Forwarded-For changes nothing). A typo stops
 * the start: a range read wrongly would let any client choose its own address.
 */
export function parseTrustedProxies(value: string | undefined): string[] {
  if (value === undefined) return [];
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!isAddressOrRange(entry))
      throw new Error(
        `TRUSTED_PROXIES must list IP addresses or CIDR ranges such as 10.0.0.0/8 (got "${entry}")`,
      );
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}
