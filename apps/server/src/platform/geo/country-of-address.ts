import { createRequire } from 'node:module';
import { isIPv4, isIPv6 } from 'node:net';

/** What we use of geoip-country (CommonJS, no types of its own). */
interface CountryTable {
  lookup(ip: string): { country: string } | null;
}

/**
 * IPv4 ranges that never name a country: unspecified, private, shared (CGNAT), loopback,
 * link-local, documentation, benchmarking, multicast and reserved. Checked before the table is
 * touched, so a test server whose clients are all 10.x never loads it. Plain arithmetic: a
 * node:net BlockList costs several µs per check, more than the lookup itself.
 */
const NON_PUBLIC_V4: [network: number, prefix: number][] = (
  [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.2.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 3],
  ] as const
).map(([network, prefix]) => [v4Number(network), prefix]);

function v4Number(ip: string): number {
  const [a = 0, b = 0, c = 0, d = 0] = ip.split('.').map(Number);
  return ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
}

function isPublicV4(ip: string): boolean {
  const n = v4Number(ip);
  for (const [network, prefix] of NON_PUBLIC_V4)
    if (n >>> (32 - prefix) === network >>> (32 - prefix)) return false;
  return true;
}

/**
 * Only global unicast (2000::/3) is public; outside it are ::1, ::, unique-local (fc00::/7),
 * link-local, multicast and the rest. 2001:db8::/32 is for documentation.
 */
function isPublicV6(ip: string): boolean {
  const [first = '', second = ''] = ip.split(':', 2);
  const h0 = parseInt(first || '0', 16);
  if ((h0 & 0xe000) !== 0x2000) return false;
  return !(h0 === 0x2001 && parseInt(second || '0', 16) === 0x0db8);
}

let table: CountryTable | undefined;

/**
 * GeoLite2's country table as geoip-country ships it inside its npm package (about 8 MB, read
 * into memory): loaded on the first lookup, not at start-up (about 20-90 ms, synchronous).
 */
function countryTable(): CountryTable {
  table ??= createRequire(import.meta.url)('geoip-country') as CountryTable;
  return table;
}

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) as `1.2.3.4`. */
function unmapped(ip: string): string {
  const lower = ip.toLowerCase();
  return lower.startsWith('::ffff:') && isIPv4(lower.slice(7)) ? lower.slice(7) : lower;
}

/**
 * The country an address is in, as an ISO 3166-1 alpha-2 code in lower case (as
 * `users.country_code` stores it), IPv4 or IPv6; null for private, loopback and other
 * non-public addresses, for addresses the table does not know, and for anything that is not an
 * address. Data: GeoLite2 by MaxMind (README, "Geolocation data").
 */
export function countryOfAddress(ip: string): string | null {
  const address = unmapped(ip.trim());
  const isPublic = isIPv4(address) ? isPublicV4(address) : isIPv6(address) && isPublicV6(address);
  if (!isPublic) return null;
  return countryTable().lookup(address)?.country.toLowerCase() ?? null;
}
