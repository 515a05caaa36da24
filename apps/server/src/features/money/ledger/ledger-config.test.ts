import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../platform/config/config.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'glimpse-ledger-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (env: NodeJS.ProcessEnv) => loadConfig({ SECRET: 's', ...env }, { dataDir });

describe('money settings', () => {
  it('defaults to USD, a 20% platform fee and a 7-day hold', () => {
    const config = load({});
    expect([config.currency, config.platformFeePercent, config.earningsHoldDays]).toEqual([
      'USD',
      20,
      7,
    ]);
  });

  it('reads CURRENCY, PLATFORM_FEE_PERCENT and EARNINGS_HOLD_DAYS', () => {
    const config = load({ CURRENCY: 'eur', PLATFORM_FEE_PERCENT: '12.5', EARNINGS_HOLD_DAYS: '0' });
    expect([config.currency, config.platformFeePercent, config.earningsHoldDays]).toEqual([
      'EUR',
      12.5,
      0,
    ]);
  });

  it.each([
    ['PLATFORM_FEE_PERCENT', '101'],
    ['PLATFORM_FEE_PERCENT', '-1'],
    ['PLATFORM_FEE_PERCENT', 'twenty'],
    ['EARNINGS_HOLD_DAYS', '366'],
    ['CURRENCY', 'dollars'],
  ])('refuses to start with %s=%s', (name, value) => {
    expect(() => load({ [name]: value })).toThrow(name);
  });
});
