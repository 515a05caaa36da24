import { describe, expect, it } from 'vitest';
import { countryOfIp, deviceName, placeName, storedUserAgent } from './session-device.ts';

describe('deviceName', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
      'Firefox on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome on macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    ['curl/8.5.0', 'Unknown device'],
    [null, 'Unknown device'],
  ])('names %s as %s', (userAgent, expected) => {
    expect(deviceName(userAgent)).toBe(expected);
  });
});

describe('storedUserAgent', () => {
  it('keeps at most 512 characters, and nothing for a missing or blank header', () => {
    expect(storedUserAgent('x'.repeat(600))).toHaveLength(512);
    expect(storedUserAgent(undefined)).toBeNull();
    expect(storedUserAgent('   ')).toBeNull();
  });
});

describe('countryOfIp and placeName', () => {
  it('finds the country of public IPv4 addresses, also written as IPv4-mapped IPv6', () => {
    expect(countryOfIp('8.8.8.8')).toBe('us');
    expect(countryOfIp('::ffff:81.169.145.156')).toBe('de');
  });

  it('knows no place for private, loopback, malformed and IPv6 addresses', () => {
    for (const ip of ['10.1.2.3', '127.0.0.1', '999.1.1.1', '2001:4860:4860::8888', '', null])
      expect(countryOfIp(ip)).toBeNull();
  });

  it("names the country in the account's language", () => {
    expect(placeName('de', 'en')).toBe('Germany');
    expect(placeName('de', 'de')).toBe('Deutschland');
    expect(placeName('gb', 'en')).toBe('United Kingdom');
    expect(placeName(null, 'en')).toBeNull();
  });
});
