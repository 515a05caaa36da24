import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'glimpse-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (env: NodeJS.ProcessEnv) =>
  loadConfig({ SECRET: 'x'.repeat(32), ...env }, { dataDir });

describe('PUBLIC_RTMP_URL', () => {
  it('is the address creators are shown, without a trailing slash', () => {
    expect(load({ PUBLIC_RTMP_URL: 'rtmp://live.example.com:1935/live/' }).publicRtmpUrl).toBe(
      'rtmp://live.example.com:1935/live',
    );
    expect(load({}).publicRtmpUrl).toBeUndefined();
  });

  it('refuses an address OBS could not publish to', () => {
    for (const value of ['http://example.com/live', 'rtmp://example.com', 'live.example.com'])
      expect(() => load({ PUBLIC_RTMP_URL: value }), value).toThrow(/PUBLIC_RTMP_URL/);
  });
});
