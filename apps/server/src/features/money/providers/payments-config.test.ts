import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../platform/config/config.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'glimpse-payments-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (env: NodeJS.ProcessEnv) => loadConfig({ SECRET: 's', ...env }, { dataDir });

describe('payment settings', () => {
  it('default to the sandbox, paying payouts, and a webhook secret derived from SECRET', () => {
    const config = load({});
    expect([config.paymentsProvider, config.sandboxPayoutOutcome]).toEqual(['sandbox', 'paid']);
    expect(config.sandboxWebhookSecret).toMatch(/^[\w-]{43}$/);
    expect(load({}).sandboxWebhookSecret).toBe(config.sandboxWebhookSecret);
    expect(load({ SECRET: 'other' }).sandboxWebhookSecret).not.toBe(config.sandboxWebhookSecret);
    expect(config.sandboxWebhookSecret).not.toBe('s');
  });

  it('read PAYMENTS_PROVIDER=stripe with its keys, SANDBOX_WEBHOOK_SECRET and SANDBOX_PAYOUT_OUTCOME', () => {
    const config = load({
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      SANDBOX_WEBHOOK_SECRET: 'sandbox-secret',
      SANDBOX_PAYOUT_OUTCOME: 'failed',
    });
    expect(config).toMatchObject({
      paymentsProvider: 'stripe',
      stripeSecretKey: 'sk_test_1',
      stripeWebhookSecret: 'whsec_1',
      sandboxWebhookSecret: 'sandbox-secret',
      sandboxPayoutOutcome: 'failed',
    });
  });

  it.each([
    [{ PAYMENTS_PROVIDER: 'paypal' }, 'PAYMENTS_PROVIDER'],
    [{ PAYMENTS_PROVIDER: 'stripe' }, 'STRIPE_SECRET_KEY'],
    [{ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ SANDBOX_PAYOUT_OUTCOME: 'maybe' }, 'SANDBOX_PAYOUT_OUTCOME'],
  ])('refuse to start with %o', (env, message) => {
    expect(() => load(env)).toThrow(message);
  });
});
