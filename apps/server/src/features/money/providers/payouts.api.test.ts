import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payout, Wallet } from '@glimpse/contract';
import { paymentCheckouts } from '../../../db/schema/index.ts';
import { startTestServer, type Client, type TestServer } from '../../../test/harness.ts';
import { signedUpUser } from '../../../test/factories.ts';
import { ledgerViolations } from '../ledger/test/ledger-fixtures.ts';
import {
  earningCreator,
  unlockHeld,
  sendSandboxWebhook,
  waitFor,
} from './test/payments-fixtures.ts';
import { setBankAccount } from './test/payout-method-fixtures.ts';

let server: TestServer;
/** The sandbox settles every payout of this one as failed (SANDBOX_PAYOUT_OUTCOME=failed). */
let failing: TestServer;

beforeAll(async () => {
  // One after the other: two PGlite servers booting at once can outlast Fastify's plugin timeout
  // on a loaded machine.
  server = await startTestServer();
  failing = await startTestServer({ sandboxPayoutOutcome: 'failed' });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  await failing.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all([server?.stop(), failing?.stop()]);
});

const walletOf = async (api: Client) => (await api.get('/api/wallet')).json<Wallet>();
const askPayout = (api: Client, body: object = {}, key = randomUUID()) =>
  api.request({
    method: 'POST',
    url: '/api/wallet/payouts',
    payload: body,
    headers: { 'idempotency-key': key },
  });

/** A creator with earnings to pay out and a bank account to pay them to. */
async function creatorWithEarnings(on: TestServer, priceCents: number) {
  const earning = await earningCreator(on, priceCents);
  await setBankAccount(earning.creator.client);
  return earning;
}

async function settled(api: Client): Promise<Payout[]> {
  return waitFor(
    async () => (await api.get('/api/wallet/payouts')).json<Payout[]>(),
    (list) => list.length > 0 && list.every((p) => p.status !== 'pending'),
  );
}

describe('payouts', () => {
  it('are for verified creators only', async () => {
    const { client: api } = await signedUpUser(server);
    const response = await askPayout(api);
    expect([response.statusCode, response.json().err_key]).toEqual([403, 'verification_required']);
  });

  it('refuse less than PAYOUT_MIN and more than the withdrawable balance', async () => {
    const { creator } = await creatorWithEarnings(server, 5_000);
    for (const body of [{ amount: 19.99 }, { amount: 40.01 }]) {
      const response = await askPayout(creator.client, body);
      expect([response.statusCode, response.json().err_key]).toEqual([400, 'payout_unavailable']);
    }
    expect((await walletOf(creator.client)).earnings.withdrawable).toBe(40);
  });

  it('move the withdrawable balance out through the provider: paid', async () => {
    const { creator } = await creatorWithEarnings(server, 5_000);
    const key = randomUUID();
    const response = await askPayout(creator.client, {}, key);
    expect(response.statusCode).toBe(201);
    expect(response.json<Payout>()).toMatchObject({ amount: 40, status: 'pending' });
    expect((await askPayout(creator.client, {}, key)).json()).toEqual(response.json());

    expect((await settled(creator.client)).map((p) => p.status)).toEqual(['paid']);
    expect((await walletOf(creator.client)).earnings).toEqual({
      pending: 0,
      withdrawable: 0,
      in_flight: 0,
      paid_out: 40,
    });
    expect(await ledgerViolations(server.ctx.db)).toEqual([]);
  });

  it('return a failed payout to the withdrawable balance', async () => {
    const { creator } = await creatorWithEarnings(failing, 3_000);
    expect((await askPayout(creator.client, { amount: 20 })).statusCode).toBe(201);
    expect((await settled(creator.client)).map((p) => p.status)).toEqual(['failed']);
    expect((await walletOf(creator.client)).earnings).toEqual({
      pending: 0,
      withdrawable: 24,
      in_flight: 0,
      paid_out: 0,
    });
    expect(await ledgerViolations(failing.ctx.db)).toEqual([]);
  });
});

describe('a refund after the creator was paid out', () => {
  it('revokes the purchase, leaves the creator untouched and records what the platform absorbed', async () => {
    const { buyer, creator, checkoutId, purchaseId } = await creatorWithEarnings(server, 5_000);
    expect((await askPayout(creator.client)).statusCode).toBe(201);
    await settled(creator.client);
    // The buyer topped up 70 and spent 50: 20 left in the wallet.
    expect((await walletOf(buyer.client)).balance).toBe(20);

    const refund = await sendSandboxWebhook(server, buyer.client, {
      id: `evt_refund_${checkoutId}`,
      type: 'refund',
      data: { checkout_id: checkoutId, total_refunded_cents: 7_000 },
    });
    expect(refund.statusCode).toBe(200);

    expect(await unlockHeld(server, purchaseId)).toBe(false);
    expect((await walletOf(buyer.client)).balance).toBe(0);
    expect((await walletOf(creator.client)).earnings).toEqual({
      pending: 0,
      withdrawable: 0,
      in_flight: 0,
      paid_out: 40,
    });
    const [row] = await server.ctx.db
      .select()
      .from(paymentCheckouts)
      .where(eq(paymentCheckouts.publicId, checkoutId));
    expect([row!.reversedCents, row!.unrecoveredCents]).toEqual([7_000, 5_000]);
    expect(await ledgerViolations(server.ctx.db)).toEqual([]);
  });
});
