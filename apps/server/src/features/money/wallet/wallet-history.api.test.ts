import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EarningsBreakdown, Wallet, WalletHistoryPage } from '@glimpse/contract';
import { seedStory } from '../../../test/access-fixtures.ts';
import { client, startTestServer, type Client, type TestServer } from '../../../test/harness.ts';
import { inTransaction } from '../../../platform/db/transaction.ts';
import { releaseHeldEarnings } from '../ledger/earnings-release.ts';
import { creator, pay, viewer } from '../purchases/test/purchase-fixtures.ts';
import { reverseTransfer } from '../ledger/ledger.service.ts';
import { fundWallet, ledgerViolations } from '../ledger/test/ledger-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const DAY_MS = 86_400_000;

const historyOf = async (api: Client, query = '') => {
  const response = await api.get(`/api/wallet/history${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WalletHistoryPage>();
};
const earningsOf = async (api: Client) => {
  const response = await api.get('/api/wallet/earnings');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EarningsBreakdown>();
};

/** A creator selling everything, and a fan with $100 who buys one of each. */
async function creatorWithSales() {
  const seller = await creator(server, {
    subscribePriceCents: 999,
    directMessagePriceCents: 299,
  });
  const fan = await viewer(server);
  await fundWallet(server, fan.id, 10_000);
  const story = await seedStory(server, seller.id, { priceCents: 249 });
  const tip = { user_id: seller.id, amount: 5, message: 'Thanks!', mode: 'send' };
  expect((await pay(fan.client, 'POST', '/api/tips', tip)).statusCode).toBe(200);
  expect((await pay(fan.client, 'POST', `/api/stories/${story.id}/unlock`)).statusCode).toBe(200);
  const subscribe = await pay(fan.client, 'POST', `/api/users/${seller.id}/subscribe`, {
    period: 1,
  });
  expect(subscribe.statusCode, subscribe.body).toBe(200);
  const dm = await pay(fan.client, 'POST', `/api/users/${seller.id}/buy-direct-message`);
  expect(dm.statusCode, dm.body).toBe(200);
  return { seller, fan, story };
}

describe('GET /api/wallet/history', () => {
  it("lists a creator's pending earnings, which GET /api/wallet's transactions leave out", async () => {
    const { seller, fan, story } = await creatorWithSales();

    // The defect: $X pending, and the wallet's own transactions list nothing.
    const wallet = (await seller.client.get('/api/wallet')).json<Wallet>();
    expect(wallet.earnings.pending).toBeGreaterThan(0);
    expect(wallet.transactions).toEqual([]);

    const { data, next_cursor } = await historyOf(seller.client);
    expect(next_cursor).toBeNull();
    // Newest first; 20% fee: 9.99 -> 2.00 fee (half-up), 2.49 -> 0.50, 2.99 -> 0.60, 5 -> 1.
    expect(data.map((line) => [line.kind, line.direction, line.account, line.amount])).toEqual([
      ['dm_purchase', 'in', 'earnings', 2.39],
      ['subscription', 'in', 'earnings', 7.99],
      ['unlock', 'in', 'earnings', 1.99],
      ['tip', 'in', 'earnings', 4],
    ]);
    for (const line of data) {
      expect(line.status).toBe('pending');
      expect(line.counterparty).toMatchObject({ id: fan.id });
      const heldFor = Date.parse(line.available_at!) - Date.parse(line.created_at);
      expect(heldFor).toBe(server.ctx.config.earningsHoldDays * DAY_MS);
      expect(line.gross! - line.fee!).toBeCloseTo(line.amount, 2);
    }
    expect(data.map((line) => [line.gross, line.fee])).toEqual([
      [2.99, 0.6],
      [9.99, 2],
      [2.49, 0.5],
      [5, 1],
    ]);
    expect(data.find((line) => line.kind === 'unlock')!.story_id).toBe(story.id);
    const pendingTotal = data.reduce((sum, line) => sum + Math.round(line.amount * 100), 0);
    expect(pendingTotal).toBe(Math.round(wallet.earnings.pending * 100));
  });

  it("shows the payer's side: the top-up in, each purchase out, named by the creator", async () => {
    const { seller, fan } = await creatorWithSales();
    const { data } = await historyOf(fan.client);
    expect(data.map((line) => [line.kind, line.direction, line.account, line.amount])).toEqual([
      ['dm_purchase', 'out', 'wallet', 2.99],
      ['subscription', 'out', 'wallet', 9.99],
      ['unlock', 'out', 'wallet', 2.49],
      ['tip', 'out', 'wallet', 5],
      ['top_up', 'in', 'wallet', 100],
    ]);
    expect(data.every((line) => line.status === 'completed')).toBe(true);
    expect(data.every((line) => line.gross === null && line.fee === null)).toBe(true);
    expect(data[0]!.counterparty).toMatchObject({ id: seller.id });
    expect(data.at(-1)!.counterparty).toBeNull();
  });

  it('marks released earnings available, with the release itself as a move', async () => {
    const seller = await creator(server);
    const fan = await viewer(server);
    await fundWallet(server, fan.id, 1_000);
    const tip = { user_id: seller.id, amount: 10, message: '', mode: 'send' };
    expect((await pay(fan.client, 'POST', '/api/tips', tip)).statusCode).toBe(200);
    await releaseHeldEarnings(server.ctx, new Date(Date.now() + 8 * DAY_MS));

    const { data } = await historyOf(seller.client);
    expect(data.map((line) => [line.kind, line.direction, line.amount, line.status])).toEqual([
      ['release', 'move', 8, 'completed'],
      ['tip', 'in', 8, 'available'],
    ]);
    expect(data[1]!.available_at).toBeNull();
    const earnings = await earningsOf(seller.client);
    expect(earnings.stages).toMatchObject({ pending: 0, withdrawable: 8 });
    expect(earnings.next_release_at).toBeNull();
  });

  it('marks a reversed purchase on both sides, and lists the refund', async () => {
    const seller = await creator(server);
    const fan = await viewer(server);
    await fundWallet(server, fan.id, 1_000);
    const tip = { user_id: seller.id, amount: 3, message: '', mode: 'send' };
    expect((await pay(fan.client, 'POST', '/api/tips', tip)).statusCode).toBe(200);
    const tipLine = (await historyOf(fan.client)).data[0]!;
    await inTransaction(server.ctx.db, (tx) =>
      reverseTransfer(
        { db: tx, config: server.ctx.config },
        { transferId: tipLine.id, kind: 'refund', initiatorId: null, idempotencyKey: 'refund-1' },
      ),
    );

    const fanLines = (await historyOf(fan.client)).data;
    expect(fanLines.slice(0, 2).map((line) => [line.kind, line.direction, line.status])).toEqual([
      ['refund', 'in', 'completed'],
      ['tip', 'out', 'reversed'],
    ]);
    expect(fanLines[0]!.counterparty).toMatchObject({ id: seller.id });
    const sellerLines = (await historyOf(seller.client)).data;
    expect(
      sellerLines.map((line) => [line.kind, line.direction, line.amount, line.status]),
    ).toEqual([
      ['refund', 'out', 2.4, 'completed'],
      ['tip', 'in', 2.4, 'reversed'],
    ]);
    const earnings = await earningsOf(seller.client);
    expect(earnings.totals).toEqual({ gross: 0, fees: 0, net: 0, reversed: 2.4 });
    expect(await ledgerViolations(server.ctx.db)).toEqual([]);
  });

  it('pages with a cursor: every line once, newest first', async () => {
    const seller = await creator(server);
    const fan = await viewer(server);
    await fundWallet(server, fan.id, 10_000);
    for (let i = 1; i <= 7; i += 1) {
      const tip = { user_id: seller.id, amount: i, message: '', mode: 'send' };
      expect((await pay(fan.client, 'POST', '/api/tips', tip)).statusCode).toBe(200);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const page: WalletHistoryPage = await historyOf(seller.client, query);
      seen.push(...page.data.map((line) => line.amount));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([5.6, 4.8, 4, 3.2, 2.4, 1.6, 0.8]);
  });

  it('refuses a malformed cursor or limit, and needs a session', async () => {
    const fan = await viewer(server);
    for (const query of ['?cursor=abc', '?cursor=-1', '?limit=0', '?limit=101', '?page=2']) {
      const response = await fan.client.get(`/api/wallet/history${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    expect((await client(server).get('/api/wallet/history')).statusCode).toBe(401);
    expect((await client(server).get('/api/wallet/earnings')).statusCode).toBe(401);
  });

  it('is empty for a new user', async () => {
    const fan = await viewer(server);
    expect(await historyOf(fan.client)).toEqual({ data: [], next_cursor: null });
  });
});

describe('GET /api/wallet/earnings', () => {
  it('breaks earnings down by source with fees, and says when the pending part is released', async () => {
    const { seller } = await creatorWithSales();
    const earnings = await earningsOf(seller.client);
    expect(earnings.sources).toEqual([
      { kind: 'unlock', count: 1, gross: 2.49, fees: 0.5, net: 1.99 },
      { kind: 'tip', count: 1, gross: 5, fees: 1, net: 4 },
      { kind: 'subscription', count: 1, gross: 9.99, fees: 2, net: 7.99 },
      { kind: 'dm_purchase', count: 1, gross: 2.99, fees: 0.6, net: 2.39 },
      { kind: 'stream_entry', count: 0, gross: 0, fees: 0, net: 0 },
    ]);
    expect(earnings.totals).toEqual({ gross: 20.47, fees: 4.1, net: 16.37, reversed: 0 });
    expect(earnings.stages).toEqual({ pending: 16.37, withdrawable: 0, in_flight: 0, paid_out: 0 });
    expect(earnings.hold_days).toBe(server.ctx.config.earningsHoldDays);
    const releaseIn = Date.parse(earnings.next_release_at!) - Date.now();
    expect(releaseIn).toBeGreaterThan((server.ctx.config.earningsHoldDays - 1) * DAY_MS);
  });

  it('is all zero for someone who never earned', async () => {
    const fan = await viewer(server);
    const earnings = await earningsOf(fan.client);
    expect(earnings.totals).toEqual({ gross: 0, fees: 0, net: 0, reversed: 0 });
    expect(earnings.sources.every((source) => source.count === 0)).toBe(true);
    expect(earnings.next_release_at).toBeNull();
  });
});
