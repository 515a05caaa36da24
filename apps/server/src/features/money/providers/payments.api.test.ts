import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wallet } from '@glimpse/contract';
import { paymentCheckouts } from '../../../db/schema/index.ts';
import { startTestServer, type Client, type TestServer } from '../../../test/harness.ts';
import { signedUpUser } from '../../../test/factories.ts';
import { accounts } from '../ledger/ledger-accounts.ts';
import { balanceCents } from '../ledger/ledger.service.ts';
import { ledgerCounts, ledgerViolations } from '../ledger/test/ledger-fixtures.ts';
import { releaseHeldEarnings } from '../ledger/earnings-release.ts';
import {
  completeCheckout,
  purchase,
  unlockHeld,
  sendSandboxWebhook,
  startTopUp,
  transferKinds,
} from './test/payments-fixtures.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  // The sandbox calls our webhook over HTTP, as an outside provider would.
  await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server?.stop();
});

const walletOf = async (api: Client) => (await api.get('/api/wallet')).json<Wallet>();
const checkoutRow = async (publicId: string) =>
  (
    await server.ctx.db
      .select()
      .from(paymentCheckouts)
      .where(eq(paymentCheckouts.publicId, publicId))
  )[0]!;
const DAY = 86_400_000;

describe('top-up through the sandbox checkout', () => {
  it('pays on the sandbox page, credits only through the signed webhook, and returns the browser', async () => {
    const { user, client: api } = await signedUpUser(server);
    const { redirectUrl, checkoutId } = await startTopUp(api, 25, '/stories/7?x=1');
    expect(redirectUrl).toMatch(/^\/sandbox\/payments\/chk_[\w-]+$/);
    expect((await walletOf(api)).balance).toBe(0);

    const page = await api.get(redirectUrl);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('$25.00');
    expect(page.body).toContain(`action="${redirectUrl}/complete"`);

    const done = await completeCheckout(api, redirectUrl, 'success');
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/stories/7?x=1&top_up=success');
    const wallet = await walletOf(api);
    expect(wallet.balance).toBe(25);
    expect(wallet.transactions.map((t) => [t.kind, t.amount])).toEqual([['top_up', 25]]);
    expect((await checkoutRow(checkoutId)).status).toBe('paid');

    // Pressing Pay again re-sends the same event: applied once. Fail after Pay is refused.
    expect((await completeCheckout(api, redirectUrl, 'success')).statusCode).toBe(303);
    const late = await completeCheckout(api, redirectUrl, 'fail');
    expect([late.statusCode, late.json().err_key]).toEqual([409, 'checkout_completed']);
    expect((await walletOf(api)).balance).toBe(25);
    expect(await transferKinds(server, user.id)).toEqual(['top_up']);
  });

  it('accepts the page form post and a failed payment credits nothing', async () => {
    const { user, client: api } = await signedUpUser(server);
    const { redirectUrl, checkoutId } = await startTopUp(api, 10);
    const done = await api.request({
      method: 'POST',
      url: `${redirectUrl}/complete`,
      payload: 'outcome=fail',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([done.statusCode, done.headers.location]).toEqual([303, '/wallet?top_up=fail']);
    expect((await checkoutRow(checkoutId)).status).toBe('failed');
    expect(await transferKinds(server, user.id)).toEqual([]);
    expect((await api.get(redirectUrl)).body).toContain('This payment failed.');
  });

  it('answers an unknown checkout with 404 and a top-up replay with the same checkout', async () => {
    const { client: api } = await signedUpUser(server);
    const missing = await api.get('/sandbox/payments/chk_doesnotexist');
    expect([missing.statusCode, missing.json().err_key]).toEqual([404, 'checkout_not_found']);
    const key = randomUUID();
    const send = (amount: number) =>
      api.request({
        method: 'POST',
        url: '/api/wallet/top-up',
        payload: { amount },
        headers: { 'idempotency-key': key },
      });
    const first = await send(20);
    const again = await send(20);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await send(30)).json().err_key).toBe('idempotency_mismatch');
  });

  it.each([[0], [-5], [4.99], [10.001], [10_001], ['10']])(
    'refuses a top-up of %s with 400',
    async (amount) => {
      const { client: api } = await signedUpUser(server);
      const response = await api.request({
        method: 'POST',
        url: '/api/wallet/top-up',
        payload: { amount },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect([response.statusCode, response.json().err_key]).toEqual([400, 'validation_failed']);
    },
  );
});

describe('the payment webhook', () => {
  it('applies an event delivered three times and out of order exactly once', async () => {
    const { user, client: api } = await signedUpUser(server);
    const { checkoutId } = await startTopUp(api, 40);
    const refund = {
      id: `evt_refund_${checkoutId}`,
      type: 'refund' as const,
      data: { checkout_id: checkoutId, total_refunded_cents: 1_500 },
    };
    const paid = {
      id: `evt_paid_${checkoutId}`,
      type: 'payment.succeeded' as const,
      data: { checkout_id: checkoutId, amount_cents: 4_000 },
    };
    // The refund overtakes its payment: remembered, applied once the payment arrives.
    expect((await sendSandboxWebhook(server, api, refund)).statusCode).toBe(200);
    expect((await walletOf(api)).balance).toBe(0);
    for (let i = 0; i < 3; i += 1) {
      const response = await sendSandboxWebhook(server, api, paid);
      expect([response.statusCode, response.json()]).toEqual([200, { received: true }]);
      await sendSandboxWebhook(server, api, refund);
    }
    // A stale refund total (an earlier event arriving last) takes nothing more.
    await sendSandboxWebhook(server, api, {
      ...refund,
      id: `evt_refund_old_${checkoutId}`,
      data: { ...refund.data, total_refunded_cents: 500 },
    });
    expect((await walletOf(api)).balance).toBe(25);
    expect(await transferKinds(server, user.id)).toEqual(['top_up', 'refund']);
    expect((await checkoutRow(checkoutId)).reversedCents).toBe(1_500);
    expect(await ledgerViolations(server.ctx.db)).toEqual([]);
  });

  it('refuses a bad signature with 400 and applies nothing', async () => {
    const { client: api } = await signedUpUser(server);
    const { checkoutId } = await startTopUp(api, 30);
    const paid = {
      id: `evt_${randomUUID()}`,
      type: 'payment.succeeded' as const,
      data: { checkout_id: checkoutId, amount_cents: 3_000 },
    };
    const before = await ledgerCounts(server.ctx.db);
    const attempts = [
      await sendSandboxWebhook(server, api, paid, { secret: 'not-the-secret' }),
      await sendSandboxWebhook(server, api, paid, { tamper: true }),
      await sendSandboxWebhook(server, api, paid, {
        nowSeconds: Math.floor(Date.now() / 1000) - 3_600,
      }),
      await api.request({
        method: 'POST',
        url: '/api/payments/webhook/sandbox',
        payload: JSON.stringify(paid),
        headers: { 'content-type': 'application/json' },
      }),
    ];
    for (const response of attempts)
      expect([response.statusCode, response.json().err_key]).toEqual([
        400,
        'webhook_signature_invalid',
      ]);
    expect(await ledgerCounts(server.ctx.db)).toEqual(before);
    expect((await checkoutRow(checkoutId)).status).toBe('pending');
    expect((await walletOf(api)).balance).toBe(0);

    const unknown = await sendSandboxWebhook(server, api, paid).then(() =>
      api.request({ method: 'POST', url: '/api/payments/webhook/stripe', payload: '{}' }),
    );
    expect([unknown.statusCode, unknown.json().err_key]).toEqual([404, 'provider_not_found']);
  });
});

describe('refunds and chargebacks', () => {
  it('takes back the purchases paid after the top-up when the wallet cannot cover the refund', async () => {
    const { user, client: api } = await signedUpUser(server);
    const { user: creator } = await signedUpUser(server);
    const { redirectUrl, checkoutId } = await startTopUp(api, 10);
    await completeCheckout(api, redirectUrl, 'success');
    const older = await purchase(server, user.id, creator.id, 300);
    const newer = await purchase(server, user.id, creator.id, 500);

    await sendSandboxWebhook(server, api, {
      id: `evt_cb_${checkoutId}`,
      type: 'chargeback',
      data: { checkout_id: checkoutId, amount_cents: 1_000 },
    });
    // 2.00 in the wallet: the newest purchase (5.00) is reversed, then the older one.
    expect([await unlockHeld(server, newer), await unlockHeld(server, older)]).toEqual([
      false,
      false,
    ]);
    expect((await walletOf(api)).balance).toBe(0);
    const pending = await balanceCents(server.ctx, accounts.earningsPending(creator.id));
    expect(pending).toBe(0);
    const row = await checkoutRow(checkoutId);
    expect([row.reversedCents, row.unrecoveredCents]).toEqual([1_000, 0]);
    expect(await ledgerViolations(server.ctx.db)).toEqual([]);
  });

  it('takes a released creator share from withdrawable earnings', async () => {
    const { user, client: api } = await signedUpUser(server);
    const { user: creator } = await signedUpUser(server);
    const { redirectUrl, checkoutId } = await startTopUp(api, 10);
    await completeCheckout(api, redirectUrl, 'success');
    await purchase(server, user.id, creator.id, 1_000);
    await releaseHeldEarnings(server.ctx, new Date(Date.now() + 8 * DAY));
    const available = () => balanceCents(server.ctx, accounts.earningsAvailable(creator.id));
    expect(await available()).toBe(800);

    await sendSandboxWebhook(server, api, {
      id: `evt_rf_${checkoutId}`,
      type: 'refund',
      data: { checkout_id: checkoutId, total_refunded_cents: 1_000 },
    });
    expect(await available()).toBe(0);
    expect((await walletOf(api)).balance).toBe(0);
    expect((await checkoutRow(checkoutId)).unrecoveredCents).toBe(0);
    expect(await ledgerViolations(server.ctx.db)).toEqual([]);
  });
});

describe('the earnings hold', () => {
  it('releases each credit once, EARNINGS_HOLD_DAYS after the purchase', async () => {
    const { user, client: api } = await signedUpUser(server);
    const { user: creator } = await signedUpUser(server);
    const { redirectUrl } = await startTopUp(api, 20);
    await completeCheckout(api, redirectUrl, 'success');
    await purchase(server, user.id, creator.id, 1_000, 'tip');
    const pending = () => balanceCents(server.ctx, accounts.earningsPending(creator.id));
    const available = () => balanceCents(server.ctx, accounts.earningsAvailable(creator.id));

    await releaseHeldEarnings(server.ctx, new Date(Date.now() + 6 * DAY));
    expect([await pending(), await available()]).toEqual([800, 0]);
    await releaseHeldEarnings(server.ctx, new Date(Date.now() + 7 * DAY + 60_000));
    expect([await pending(), await available()]).toEqual([0, 800]);
    await releaseHeldEarnings(server.ctx, new Date(Date.now() + 30 * DAY));
    expect([await pending(), await available()]).toEqual([0, 800]);
    expect(await ledgerViolations(server.ctx.db)).toEqual([]);
  });
});
