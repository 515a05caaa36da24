import { describe, expect, it } from 'vitest';
import { MediaSigner } from '../storage/media-signer.ts';
import { signedUrlQuery } from './signed-url-query.ts';

describe('signedUrlQuery', () => {
  it('reads back what the signer writes', () => {
    const signer = new MediaSigner('secret');
    const query = Object.fromEntries(new URLSearchParams(signer.expiringQuery('k', 42, 60_000)));
    const parsed = signedUrlQuery.parse(query);
    expect(parsed.u).toBe(42);
    expect(
      signer.verify({ key: 'k', viewerId: parsed.u, expiresAt: parsed.e, signature: parsed.s }),
    ).toBe(true);
  });

  it.each([
    { u: '-1', e: '1', s: 'a'.repeat(43) },
    { u: '1', e: '1e9', s: 'a'.repeat(43) },
    { u: '1', e: '1', s: 'a'.repeat(42) },
    { u: '1', e: '1', s: `${'a'.repeat(42)}=` },
    { u: '12345678901', e: '1', s: 'a'.repeat(43) },
  ])('refuses a malformed query %j', (query) => {
    expect(signedUrlQuery.safeParse(query).success).toBe(false);
  });
});
