import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wallet } from '@glimpse/contract';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { signedUpUser } from '../../../test/factories.ts';
import { ledgerCounts } from '../ledger/test/ledger-fixtures.ts';
import { WebhookSignatureError } from './payment-provider.ts';
import { StripePaymentProvider } from './stripe-provider.ts';
import { useProviderForTests } from './providers.ts';

/** Offline: webhooks signed with the library's own test header, a fake HTTP client for the API. */

const SECRET = 'whsec_test_secret';
const signer = new Stripe('sk_test_offline');
const sign = (payload: string, secret = SECRET) =>
  signer.webhooks.generateTestHeaderString({ payload, secret });

function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_${randomUUID()}`) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
}

describe('the Stripe adapter', () => {
  const requests: { url: string; body: string; headers: Record<string, string> }[] = [];
  const provider = new StripePaymentProvider({
    secretKey: 'sk_test_offline',
    webhookSecret: SECRET,
    publicUrl: 'https://glimpse.example',
    httpClient: Stripe.createFetchHttpClient(async (input, init) => {
      requests.push({
        url: String(input),
        body: String(init?.body ?? ''),
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
      });
      return new Response(
        JSON.stringify({
          id: 'cs_test_1',
          object: 'checkout.session',
          url: 'https://checkout.stripe.com/c/pay/cs_test_1',
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    }),
  });

  it('creates a Checkout Session in payment mode carrying our checkout id', async () => {
    const session = await provider.createCheckout({
      checkoutId: 'chk_abc',
      userId: 7,
      amountCents: 2_500,
      currency: 'USD',
      returnTo: '/wallet',
    });
    expect(session).toEqual({
      redirectUrl: 'https://checkout.stripe.com/c/pay/cs_test_1',
      providerRef: 'cs_test_1',
    });
    const sent = requests[0]!;
    expect(sent.url).toContain('/v1/checkout/sessions');
    const form = new URLSearchParams(sent.body);
    expect(form.get('mode')).toBe('payment');
    expect(form.get('metadata[checkout_id]')).toBe('chk_abc');
    expect(form.get('payment_intent_data[metadata][checkout_id]')).toBe('chk_abc');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('2500');
    expect(form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(form.get('success_url')).toBe('https://glimpse.example/wallet?top_up=success');
    expect(sent.headers['idempotency-key']).toBe('checkout-chk_abc');
  });

  it('verifies the signature on the exact bytes and maps the events we use', () => {
    const completed = stripeEvent('checkout.session.completed', {
      id: 'cs_1',
      object: 'checkout.session',
      payment_status: 'paid',
      amount_total: 2_500,
      payment_intent: 'pi_1',
      metadata: { checkout_id: 'chk_abc' },
    });
    const [event] = provider.parseWebhook(Buffer.from(completed), {
      'stripe-signature': sign(completed),
    });
    expect(event).toMatchObject({
      type: 'payment.succeeded',
      checkoutId: 'chk_abc',
      paymentRef: 'pi_1',
      amountCents: 2_500,
    });

    const refunded = stripeEvent('charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      payment_intent: 'pi_1',
      amount_refunded: 1_000,
    });
    expect(
      provider.parseWebhook(Buffer.from(refunded), { 'stripe-signature': sign(refunded) }),
    ).toMatchObject([{ type: 'refund', paymentRef: 'pi_1', totalRefundedCents: 1_000 }]);

    const dispute = stripeEvent('charge.dispute.created', {
      id: 'dp_1',
      object: 'dispute',
      payment_intent: 'pi_1',
      amount: 2_500,
    });
    expect(
      provider.parseWebhook(Buffer.from(dispute), { 'stripe-signature': sign(dispute) }),
    ).toMatchObject([{ type: 'chargeback', paymentRef: 'pi_1', amountCents: 2_500 }]);

    const failed = stripeEvent('checkout.session.async_payment_failed', {
      id: 'cs_1',
      object: 'checkout.session',
      metadata: { checkout_id: 'chk_abc' },
    });
    expect(
      provider.parseWebhook(Buffer.from(failed), { 'stripe-signature': sign(failed) }),
    ).toMatchObject([{ type: 'payment.failed', checkoutId: 'chk_abc' }]);

    const other = stripeEvent('customer.created', { id: 'cus_1', object: 'customer' });
    expect(provider.parseWebhook(Buffer.from(other), { 'stripe-signature': sign(other) })).toEqual(
      [],
    );
  });

  it('refuses a wrong secret, a changed body and a missing header', () => {
    const body = stripeEvent('checkout.session.completed', { id: 'cs_1' });
    const attempts = [
      () => provider.parseWebhook(Buffer.from(body), { 'stripe-signature': sign(body, 'whsec_x') }),
      () =>
        provider.parseWebhook(Buffer.from(body.replace('cs_1', 'cs_2')), {
          'stripe-signature': sign(body),
        }),
      () => provider.parseWebhook(Buffer.from(body), {}),
    ];
    for (const attempt of attempts) expect(attempt).toThrow(WebhookSignatureError);
  });
});

describe('POST /api/payments/webhook/stripe with PAYMENTS_PROVIDER=stripe', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      paymentsProvider: 'stripe',
      stripeSecretKey: 'sk_test_offline',
      stripeWebhookSecret: SECRET,
    });
    let session = 0;
    useProviderForTests(
      server.ctx,
      new StripePaymentProvider({
        secretKey: 'sk_test_offline',
        webhookSecret: SECRET,
        publicUrl: server.config.publicUrl,
        httpClient: Stripe.createFetchHttpClient(async () => {
          session += 1;
          return new Response(
            JSON.stringify({
              id: `cs_test_${session}`,
              object: 'checkout.session',
              url: `https://checkout.stripe.com/c/pay/cs_test_${session}`,
            }),
            { status: 200, headers: { 'content-type': 'application/json' } },
          );
        }),
      }),
    );
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('credits a paid session once, refuses a bad signature, and has no sandbox', async () => {
    const { client: api } = await signedUpUser(server);
    const topUp = await api.request({
      method: 'POST',
      url: '/api/wallet/top-up',
      payload: { amount: 25 },
      headers: { 'idempotency-key': randomUUID() },
    });
    const { redirectUrl } = topUp.json<{ redirectUrl: string }>();
    expect(redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const [{ checkout_id: checkoutId }] = (
      await server.ctx.database.executeSql<{ checkout_id: string }>(
        `select public_id as checkout_id from payment_checkouts where provider_ref = $1`,
        [redirectUrl.split('/').pop()],
      )
    ).rows as [{ checkout_id: string }];

    const body = stripeEvent('checkout.session.completed', {
      id: 'cs_x',
      object: 'checkout.session',
      payment_status: 'paid',
      amount_total: 2_500,
      payment_intent: `pi_${checkoutId}`,
      metadata: { checkout_id: checkoutId },
    });
    const post = (payload: string, signature: string) =>
      api.request({
        method: 'POST',
        url: '/api/payments/webhook/stripe',
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });

    const before = await ledgerCounts(server.ctx.db);
    const bad = await post(body, sign(body, 'whsec_wrong'));
    expect([bad.statusCode, bad.json().err_key]).toEqual([400, 'webhook_signature_invalid']);
    expect(await ledgerCounts(server.ctx.db)).toEqual(before);

    for (let i = 0; i < 3; i += 1) expect((await post(body, sign(body))).statusCode).toBe(200);
    expect((await api.get('/api/wallet')).json<Wallet>().balance).toBe(25);

    // A refund names only the PaymentIntent.
    const refund = stripeEvent('charge.refunded', {
      id: 'ch_x',
      object: 'charge',
      payment_intent: `pi_${checkoutId}`,
      amount_refunded: 500,
    });
    expect((await post(refund, sign(refund))).statusCode).toBe(200);
    expect((await api.get('/api/wallet')).json<Wallet>().balance).toBe(20);

    const sandbox = await api.request({
      method: 'POST',
      url: '/api/payments/webhook/sandbox',
      payload: '{}',
    });
    expect(sandbox.json().err_key).toBe('provider_not_found');
    expect((await api.get('/sandbox/payments/chk_any')).json().err_key).toBe('provider_not_found');
  });
});
