import { createHash } from 'node:crypto';
import { THEME_BOOT_SCRIPT } from '@glimpse/contract';
import { describe, expect, it } from 'vitest';
import { securityHeaderValues } from './security-headers.ts';

function scriptSources(https: boolean): string[] {
  const csp = securityHeaderValues(https)['content-security-policy'] ?? '';
  const directive = csp.split(';').find((part) => part.trim().startsWith('script-src'));
  return directive?.trim().split(/\s+/).slice(1) ?? [];
}

describe('script-src', () => {
  it('allows the app own scripts and the theme boot inline script, by its hash only', () => {
    const hash = createHash('sha256').update(THEME_BOOT_SCRIPT, 'utf8').digest('base64');
    for (const https of [false, true]) {
      expect(scriptSources(https)).toEqual(["'self'", `'sha256-${hash}'`]);
    }
  });
});

describe('media sources', () => {
  const sources = (name: string, mediaOrigins?: string[]) => {
    const csp = securityHeaderValues(false, mediaOrigins)['content-security-policy'] ?? '';
    const directive = csp.split(';').find((part) => part.trim().startsWith(name));
    return directive?.trim().split(/\s+/).slice(1) ?? [];
  };

  it('are the app itself while media is streamed', () => {
    expect(sources('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(sources('media-src')).toEqual(["'self'", 'blob:']);
  });

  it('take in the bucket media is redirected to, for pictures and video only', () => {
    const bucket = 'https://media.example-bucket.test';
    expect(sources('img-src', [bucket])).toContain(bucket);
    expect(sources('media-src', [bucket])).toContain(bucket);
    expect(sources('connect-src', [bucket])).toEqual(["'self'"]);
  });
});
