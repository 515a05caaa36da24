import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PayoutMethod } from '@glimpse/contract';
import { mails, payoutMethods } from '../../../db/schema/index.ts';
import { startTestServer, type Client, type TestServer } from '../../../test/harness.ts';
import { signedUpUser } from '../../../test/factories.ts';
import { ledgerCounts } from '../ledger/test/ledger-fixtures.ts';
import { normalizeStripeEvent, StripePaymentProvider } from './stripe-provider.ts';
import { useProviderForTests } from './providers.ts';
import { verify } from './test/payments-fixtures.ts';
import {
  enableSecondFactor,
  proveSecondFactor,
  putPayoutMethod,
} from './test/payout-method-fixtures.ts';

/**
 * Where payouts go with PAYMENTS_PROVIDER=stripe: a Connect Express account and Stripe's
 * onboarding link. Stripe's API is answered by a fake behind the adapter's own HTTP client (as in
 * stripe-provider.api.test.ts); its webhooks are signed with the library's test header.
 */

const SECRET = 'whsec_test_connect';
const signer = new Stripe('sk_test_offline');

interface SentRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  headers: Record<string, string>;
}

let server: TestServer;
let sent: SentRequest[] = [];
let accounts = 0;

/** Stripe's answers: a new account per create, a new link per account link. */
function answer(path: string, form: URLSearchParams): unknown {
  if (path === '/v1/accounts') {
    accounts += 1;
    return {
      id: `acct_test_${accounts}`,
      object: 'account',
      type: 'express',
      email: form.get('email'),
      metadata: { user_id: form.get('metadata[user_id]') },
      payouts_enabled: false,
    };
  }
  if (path === '/v1/account_links')
    return {
      object: 'account_link',
      created: Math.floor(Date.now() / 1000),
      expires_at: Math.floor(Date.now() / 1000) + 300,
      url: `https://connect.stripe.com/setup/e/${form.get('account')}/${randomUUID()}`,
    };
  return { error: { type: 'invalid_request_error', message: `no fake for ${path}` } };
}

beforeAll(async () => {
  server = await startTestServer({
    paymentsProvider: 'stripe',
    stripeSecretKey: 'sk_test_offline',
    stripeWebhookSecret: SECRET,
  });
  useProviderForTests(
    server.ctx,
    new StripePaymentProvider({
      secretKey: 'sk_test_offline',
      webhookSecret: SECRET,
      publicUrl: server.config.publicUrl,
      httpClient: Stripe.createFetchHttpClient(async (input, init) => {
        const url = new URL(String(input));
        const form = new URLSearchParams(String(init?.body ?? ''));
        sent.push({
          method: init?.method ?? 'GET',
          path: url.pathname,
          form,
          headers: Object.fromEntries(new Headers(init?.headers).entries()),
        });
        const body = answer(url.pathname, form);
        return new Response(JSON.stringify(body), {
          status: 'error' in (body as object) ? 404 : 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    }),
  );
});
afterAll(async () => {
  await server?.stop();
});
beforeEach(() => {
  sent = [];
});

const connect = (api: Client) => api.post('/api/wallet/payout-method/connect');
const methodOf = async (api: Client) =>
  (await api.get('/api/wallet/payout-method')).json<{ method: PayoutMethod | null }>().method;
const rowOf = async (userId: number) =>
  (await server.ctx.db.select().from(payoutMethods).where(eq(payoutMethods.userId, userId)))[0];
const askPayout = (api: Client) =>
  api.request({
    method: 'POST',
    url: '/api/wallet/payouts',
    payload: {},
    headers: { 'idempotency-key': randomUUID() },
  });

function accountUpdated(account: Record<string, unknown>, id = `evt_${randomUUID()}`) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type: 'account.updated',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object: { object: 'account', ...account } },
  });
  return server.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/stripe',
    payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
    },
  });
}

describe('the payout method with Stripe', () => {
  it('takes no bank account: payout_method_not_supported', async () => {
    const { user, client: api } = await signedUpUser(server);
    const response = await putPayoutMethod(api);
    expect([response.statusCode, response.json().err_key]).toEqual([
      400,
      'payout_method_not_supported',
    ]);
    expect(await rowOf(user.id)).toBeUndefined();
    expect(sent).toEqual([]);
  });

  it('counts a bank account saved under the sandbox as none', async () => {
    const { user, client: api } = await signedUpUser(server);
    await verify(server, user.id);
    await server.ctx.db.insert(payoutMethods).values({
      userId: user.id,
      kind: 'bank_account',
      holderName: 'Ann Example',
      ibanEncrypted: 'v1.a.b.c',
      ibanLast4: '3000',
      bic: 'COBADEFFXXX',
    });
    expect((await api.get('/api/wallet/payout-method')).json()).toEqual({
      method: null,
      accepts: 'stripe_connect',
    });
    const payout = await askPayout(api);
    expect([payout.statusCode, payout.json().err_key]).toEqual([409, 'payout_method_required']);

    // Connecting replaces it with the Connect account.
    expect((await connect(api)).statusCode).toBe(200);
    expect(await rowOf(user.id)).toMatchObject({
      kind: 'stripe_connect',
      ibanEncrypted: null,
      holderName: null,
    });
  });

  it('makes a Connect Express account once and an onboarding link each time', async () => {
    const { user, client: api } = await signedUpUser(server);
    expect((await api.get('/api/wallet/payout-method')).json()).toEqual({
      method: null,
      accepts: 'stripe_connect',
    });

    const first = await connect(api);
    expect(first.statusCode, first.body).toBe(200);
    const { redirectUrl } = first.json<{ redirectUrl: string }>();
    expect(redirectUrl).toMatch(/^https:\/\/connect\.stripe\.com\/setup\/e\/acct_test_\d+\//);

    const [create, link] = sent;
    expect([create!.method, create!.path]).toEqual(['POST', '/v1/accounts']);
    expect(create!.form.get('type')).toBe('express');
    expect(create!.form.get('email')).toBe(user.email);
    expect(create!.form.get('metadata[user_id]')).toBe(String(user.id));
    expect(create!.form.get('capabilities[transfers][requested]')).toBe('true');
    expect(create!.headers['idempotency-key']).toBe(`connect-account-${user.id}`);
    const accountId = (await rowOf(user.id))!.stripeAccountId!;
    expect(link!.path).toBe('/v1/account_links');
    expect(link!.form.get('account')).toBe(accountId);
    expect(link!.form.get('type')).toBe('account_onboarding');
    expect(link!.form.get('return_url')).toBe(
      `${server.config.publicUrl}/wallet?payout_setup=done`,
    );
    expect(link!.form.get('refresh_url')).toBe(
      `${server.config.publicUrl}/wallet?payout_setup=retry`,
    );

    expect(await rowOf(user.id)).toMatchObject({
      kind: 'stripe_connect',
      stripeAccountId: accountId,
      stripeReady: false,
      ibanEncrypted: null,
    });
    expect(await methodOf(api)).toEqual({
      kind: 'stripe_connect',
      ready: false,
      updated_at: expect.any(String),
    });

    // Again (the link expired, or the creator left half-way): the same account, a new link.
    sent = [];
    const again = await connect(api);
    expect(again.statusCode).toBe(200);
    expect(again.json<{ redirectUrl: string }>().redirectUrl).not.toBe(redirectUrl);
    expect(sent.map((request) => request.path)).toEqual(['/v1/account_links']);
    expect(sent[0]!.form.get('account')).toBe(accountId);

    // The new account was mailed once, not for each link.
    const mailed = await server.ctx.db.select().from(mails).where(eq(mails.userId, user.id));
    expect(mailed.filter((mail) => mail.template === 'payout_method_changed')).toHaveLength(1);
  });

  it('asks for a recent second factor when one is set, before calling Stripe', async () => {
    const { user, client: api } = await signedUpUser(server);
    await enableSecondFactor(server, user.id);
    const refused = await connect(api);
    expect([refused.statusCode, refused.json().err_key]).toEqual([403, 'second_factor_required']);
    expect(sent).toEqual([]);
    expect(await rowOf(user.id)).toBeUndefined();

    await proveSecondFactor(server, api);
    expect((await connect(api)).statusCode).toBe(200);
  });

  it('needs a confirmed address', async () => {
    const { client: api } = await signedUpUser(server, {}, { confirmed: false });
    const response = await connect(api);
    expect([response.statusCode, response.json().err_key]).toEqual([403, 'email_not_verified']);
    expect(sent).toEqual([]);
  });

  it('is ready once account.updated says payouts are enabled; payouts wait for that', async () => {
    const { user, client: api } = await signedUpUser(server);
    await verify(server, user.id);
    const noMethod = await askPayout(api);
    expect([noMethod.statusCode, noMethod.json().err_key]).toEqual([409, 'payout_method_required']);

    await connect(api);
    const accountId = (await rowOf(user.id))!.stripeAccountId!;
    const counts = await ledgerCounts(server.ctx.db);
    const notReady = await askPayout(api);
    expect([notReady.statusCode, notReady.json().err_key]).toEqual([409, 'payout_method_required']);
    expect(await ledgerCounts(server.ctx.db)).toEqual(counts);

    // Details still due: not ready.
    const metadata = { user_id: String(user.id) };
    expect(
      (await accountUpdated({ id: accountId, metadata, payouts_enabled: false })).statusCode,
    ).toBe(200);
    expect(await methodOf(api)).toMatchObject({ kind: 'stripe_connect', ready: false });

    const enabledEvent = `evt_${randomUUID()}`;
    const enabled = await accountUpdated(
      { id: accountId, metadata, payouts_enabled: true },
      enabledEvent,
    );
    expect(enabled.statusCode).toBe(200);
    expect(await methodOf(api)).toMatchObject({ kind: 'stripe_connect', ready: true });
    // A repeat of the same event changes nothing more.
    expect(
      (await accountUpdated({ id: accountId, metadata, payouts_enabled: true }, enabledEvent))
        .statusCode,
    ).toBe(200);

    // The method is in place; moving earnings to Connect accounts is not built yet, so the
    // provider still refuses, with its own key.
    const ready = await askPayout(api);
    expect([ready.statusCode, ready.json().err_key]).toEqual([400, 'payout_unavailable']);
  });

  it("ignores an account.updated for an account that is not the named creator's", async () => {
    const victim = await signedUpUser(server);
    await connect(victim.client);
    const accountId = (await rowOf(victim.user.id))!.stripeAccountId!;
    const stranger = await signedUpUser(server);

    // Another user's id with this account, this user's id with another account, no id at all.
    for (const account of [
      { id: accountId, metadata: { user_id: String(stranger.user.id) } },
      { id: 'acct_someone_else', metadata: { user_id: String(victim.user.id) } },
      { id: accountId, metadata: {} },
    ])
      expect((await accountUpdated({ ...account, payouts_enabled: true })).statusCode).toBe(200);
    expect(await rowOf(victim.user.id)).toMatchObject({ stripeReady: false });
    expect(await rowOf(stranger.user.id)).toBeUndefined();
  });
});

describe("the Stripe adapter's account.updated", () => {
  const event = (object: Record<string, unknown>) =>
    ({ id: 'evt_1', type: 'account.updated', data: { object } }) as unknown as Stripe.Event;

  it('maps to payout_account.updated with our user id from the metadata', () => {
    expect(
      normalizeStripeEvent(
        event({ id: 'acct_1', metadata: { user_id: '42' }, payouts_enabled: true }),
      ),
    ).toEqual([
      {
        type: 'payout_account.updated',
        eventId: 'evt_1',
        accountId: 'acct_1',
        userId: 42,
        payoutsEnabled: true,
      },
    ]);
    expect(
      normalizeStripeEvent(event({ id: 'acct_1', metadata: { user_id: 'x' } }))[0],
    ).toMatchObject({ userId: undefined, payoutsEnabled: false });
    expect(normalizeStripeEvent(event({ metadata: {} }))).toEqual([]);
  });
});
