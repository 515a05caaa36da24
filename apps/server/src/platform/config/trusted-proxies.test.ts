import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'glimpse-proxies-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (env: NodeJS.ProcessEnv) => loadConfig({ SECRET: 's', ...env }, { dataDir });

describe('TRUSTED_PROXIES', () => {
  it('trusts no proxy when unset or empty', () => {
    expect(load({}).trustedProxies).toEqual([]);
    expect(load({ TRUSTED_PROXIES: '' }).trustedProxies).toEqual([]);
    expect(load({ TRUSTED_PROXIES: ' , ' }).trustedProxies).toEqual([]);
  });

  it('reads addresses and CIDR ranges, IPv4 and IPv6, spaces around commas allowed', () => {
    expect(
      load({ TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8,::1 ,fd00::/8,192.168.1.0/24' })
        .trustedProxies,
    ).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', '192.168.1.0/24']);
  });

  it.each([
    'true', // trusting every hop would let any client pick its address
    '*',
    'loopback',
    'proxy.internal',
    '10.0.0.0/33',
    '::/129',
    '10.0.0.0/8/1',
    '10.0.0.0/',
    '10.0.0.0/x',
    '300.1.1.1',
    '127.0.0.1;10.0.0.1',
  ])('refuses %j and stops the start', (value) => {
    expect(() => load({ TRUSTED_PROXIES: value })).toThrow(/TRUSTED_PROXIES/);
  });
});
