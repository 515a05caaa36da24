import { describe, expect, it } from 'vitest';
import { verifySandboxSignature, signSandboxBody } from './sandbox-signature.ts';

const body = Buffer.from('{"id":"evt_1"}');
const now = 1_800_000_000;

describe('sandbox webhook signature', () => {
  it('accepts the body it signed, within five minutes either way', () => {
    const header = signSandboxBody('secret', body, now);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifySandboxSignature('secret', body, header, now)).toBe(true);
    expect(verifySandboxSignature('secret', body, header, now + 300)).toBe(true);
    expect(verifySandboxSignature('secret', body, header, now - 300)).toBe(true);
  });

  it.each([
    [
      'another secret',
      () => verifySandboxSignature('other', body, signSandboxBody('secret', body, now), now),
    ],
    [
      'another body',
      () =>
        verifySandboxSignature(
          'secret',
          Buffer.from('{}'),
          signSandboxBody('secret', body, now),
          now,
        ),
    ],
    [
      'an old signature',
      () => verifySandboxSignature('secret', body, signSandboxBody('secret', body, now), now + 301),
    ],
    [
      'a moved timestamp',
      () =>
        verifySandboxSignature(
          'secret',
          body,
          signSandboxBody('secret', body, now).replace(`t=${now}`, `t=${now + 1}`),
          now,
        ),
    ],
    ['no header', () => verifySandboxSignature('secret', body, undefined, now)],
    ['garbage', () => verifySandboxSignature('secret', body, 'v1=abc,t=x', now)],
  ])('refuses %s', (_name, verify) => {
    expect(verify()).toBe(false);
  });
});
