import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser, Wallet } from '@glimpse/contract';
import { client, startTestServer, type Client, type TestServer } from '../../../test/harness.ts';
import { signedUpUser } from '../../../test/factories.ts';
import { accounts } from '../ledger/ledger-accounts.ts';
import { balanceCents } from '../ledger/ledger.service.ts';
import { fundWallet, ledgerCounts, ledgerViolations } from '../ledger/test/ledger-fixtures.ts';
import { TEST_PAY_URL, payingTestApp, type PayAnswer } from '../ledger/test/paying-test-app.ts';

let server: TestServer;
let payApp: FastifyInstance;

beforeAll(async () => {
  server = await startTestServer();
  payApp = await payingTestApp(server);
});
afterAll(async () => {
  await payApp?.close();
  await server?.stop();
});

/** A signed-up user, with a client on the real app and one on the paying test app. */
async function person() {
  const { user, client: api } = await signedUpUser(server);
  const payer = client({ ...server, app: payApp }, { cookie: api.cookie! });
  return { user, api, payer };
}

/** `key: null` sends no Idempotency-Key header. */
function pay(payer: Client, body: unknown, key: string | null = randomUUID()) {
  return payer.request({
    method: 'POST',
    url: TEST_PAY_URL,
    payload: body as object,
    headers: key === null ? {} : { 'idempotency-key': key },
  });
}

const walletOf = async (api: Client) => (await api.get('/api/wallet')).json<Wallet>();

describe('GET /api/wallet', () => {
  it('shows an empty wallet to a new user, and the same zero balance on /api/auth/me', async () => {
    const { api } = await person();
    const response = await api.get('/api/wallet');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      balance: 0,
      currency: 'USD',
      earnings: { pending: 0, withdrawable: 0, in_flight: 0, paid_out: 0 },
      transactions: [],
    });
    expect((await api.get('/api/auth/me')).json<CurrentUser>().balance).toBe(0);
  });

  it('shows the balance and the transactions newest first, with the creator paid', async () => {
    const { user, api, payer } = await person();
    const { user: creator } = await person();
    await fundWallet(server, user.id, 2_000);
    expect((await pay(payer, { creator_id: creator.id, amount: 4.99 })).statusCode).toBe(200);

    const wallet = await walletOf(api);
    expect(wallet.balance).toBe(15.01);
    expect(wallet.transactions.map((t) => [t.kind, t.amount])).toEqual([
      ['tip', -4.99],
      ['top_up', 20],
    ]);
    expect(wallet.transactions[0]!.counterparty).toEqual({
      id: creator.id,
      name: creator.name,
      slug: creator.slug,
    });
    expect(wallet.transactions[1]!.counterparty).toBeNull();
    expect((await api.get('/api/auth/me')).json<CurrentUser>().balance).toBe(15.01);
  });

  it('needs a session', async () => {
    const response = await client(server).get('/api/wallet');
    expect(response.statusCode).toBe(401);
  });
});

describe('a paying request', () => {
  it('splits the price: 20% to the platform (rounded half-up), the rest pending for the creator', async () => {
    const { user, payer } = await person();
    const { user: creator } = await person();
    await fundWallet(server, user.id, 1_000);
    const revenueBefore = await balanceCents(server.ctx, accounts.platformRevenue());
    // 20% of 2.49 is 49.8 cents: the fee is 50, the creator gets 199.
    expect((await pay(payer, { creator_id: creator.id, amount: 2.49 })).statusCode).toBe(200);
    expect(await balanceCents(server.ctx, accounts.earningsPending(creator.id))).toBe(199);
    expect(await balanceCents(server.ctx, accounts.platformRevenue())).toBe(revenueBefore + 50);
    expect(await balanceCents(server.ctx, accounts.wallet(user.id))).toBe(751);
    expect(await ledgerViolations(server.ctx.db)).toEqual([]);
  });

  it('refuses a request without a usable Idempotency-Key, charging nothing', async () => {
    const { user, payer } = await person();
    const { user: creator } = await person();
    await fundWallet(server, user.id, 1_000);
    const before = await ledgerCounts(server.ctx.db);
    for (const key of [null, '', 'has space', 'x'.repeat(256), 'ключ']) {
      const response = await pay(payer, { creator_id: creator.id, amount: 1 }, key);
      expect(response.statusCode, String(key)).toBe(400);
      expect(response.json().err_key).toBe('idempotency_key_required');
    }
    expect(await ledgerCounts(server.ctx.db)).toEqual(before);
  });

  it('replays the stored answer for the same key and parameters, charging once', async () => {
    const { user, payer } = await person();
    const { user: creator } = await person();
    await fundWallet(server, user.id, 1_000);
    const key = randomUUID();
    const first = await pay(payer, { creator_id: creator.id, amount: 3 }, key);
    const again = await pay(payer, { amount: 3, creator_id: creator.id }, key);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(first.json<PayAnswer>().charged).toBe(3);
    expect(await balanceCents(server.ctx, accounts.wallet(user.id))).toBe(700);
  });

  it('answers 422 idempotency_mismatch when the key comes back with other parameters', async () => {
    const { user, payer } = await person();
    const { user: creator } = await person();
    await fundWallet(server, user.id, 1_000);
    const key = randomUUID();
    expect((await pay(payer, { creator_id: creator.id, amount: 3 }, key)).statusCode).toBe(200);
    const other = await pay(payer, { creator_id: creator.id, amount: 4 }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().err_key).toBe('idempotency_mismatch');
    expect(await balanceCents(server.ctx, accounts.wallet(user.id))).toBe(700);
  });

  it('scopes keys per user: two users may send the same key', async () => {
    const a = await person();
    const b = await person();
    const { user: creator } = await person();
    await fundWallet(server, a.user.id, 500);
    await fundWallet(server, b.user.id, 500);
    const key = randomUUID();
    expect((await pay(a.payer, { creator_id: creator.id, amount: 1 }, key)).statusCode).toBe(200);
    expect((await pay(b.payer, { creator_id: creator.id, amount: 2 }, key)).statusCode).toBe(200);
    expect(await balanceCents(server.ctx, accounts.wallet(a.user.id))).toBe(400);
    expect(await balanceCents(server.ctx, accounts.wallet(b.user.id))).toBe(300);
  });

  it('refuses an overdraft with insufficient_funds, storing nothing, so the key works after a top-up', async () => {
    const { user, payer } = await person();
    const { user: creator } = await person();
    await fundWallet(server, user.id, 500);
    const before = await ledgerCounts(server.ctx.db);
    const key = randomUUID();
    const refused = await pay(payer, { creator_id: creator.id, amount: 5.01 }, key);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().err_key).toBe('insufficient_funds');
    expect(await ledgerCounts(server.ctx.db)).toEqual(before);
    expect(await balanceCents(server.ctx, accounts.wallet(user.id))).toBe(500);

    await fundWallet(server, user.id, 1);
    const retried = await pay(payer, { creator_id: creator.id, amount: 5.01 }, key);
    expect(retried.statusCode).toBe(200);
    expect(await balanceCents(server.ctx, accounts.wallet(user.id))).toBe(0);
    expect(await ledgerViolations(server.ctx.db)).toEqual([]);
  });

  // Raw JSON text, so NaN-like strings and 1e309 (Infinity once parsed) reach the server as sent.
  it.each([
    ['zero', '0'],
    ['negative', '-1'],
    ['fractional cents', '1.005'],
    ['NaN as a string', '"NaN"'],
    ['a numeric string', '"5"'],
    ['null', 'null'],
    ['above the maximum', '10000.01'],
    ['too large for a double', '1e309'],
  ])('refuses an amount of %s with 400 and writes no ledger rows', async (_label, amount) => {
    const { user, payer } = await person();
    const { user: creator } = await person();
    await fundWallet(server, user.id, 1_000);
    const before = await ledgerCounts(server.ctx.db);
    const response = await payer.request({
      method: 'POST',
      url: TEST_PAY_URL,
      headers: { 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
      payload: `{"creator_id":${creator.id},"amount":${amount}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().err_key).toBe('validation_failed');
    expect(await ledgerCounts(server.ctx.db)).toEqual(before);
  });
});
