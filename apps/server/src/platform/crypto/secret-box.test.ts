import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.ts';

describe('SecretBox', () => {
  const box = new SecretBox('server secret', 'totp');

  it('opens what it sealed, and seals the same text differently each time', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXPJBSWY3DP');
    expect(sealed).not.toContain('JBSWY3DP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXPJBSWY3DP');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a value sealed for another purpose or under another secret', () => {
    const sealed = box.seal('secret');
    expect(() => new SecretBox('server secret', 'iban').open(sealed)).toThrow();
    expect(() => new SecretBox('other secret', 'totp').open(sealed)).toThrow();
  });

  it('refuses an altered value', () => {
    const [version, iv, tag, body] = box.seal('secret').split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => box.open([version, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => box.open('garbage')).toThrow();
  });
});
