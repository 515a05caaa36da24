import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../platform/db/transaction.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { CREDIT_SHARDS, accounts } from './ledger-accounts.ts';
import { LedgerRuleError, purchaseLegs, type Leg } from './ledger-rules.ts';
import {
  balanceCents,
  reverseTransfer,
  transfer,
  type ReversalRequest,
  type TransferRequest,
} from './ledger.service.ts';
import { fundWallet, insertUsers, ledgerCounts, ledgerViolations } from './test/ledger-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const write = (request: TransferRequest) =>
  inTransaction(server.ctx.db, (tx) => transfer({ db: tx, config: server.ctx.config }, request));
const reverse = (request: ReversalRequest) =>
  inTransaction(server.ctx.db, (tx) =>
    reverseTransfer({ db: tx, config: server.ctx.config }, request),
  );
const balance = (account: Parameters<typeof balanceCents>[1]) => balanceCents(server.ctx, account);

/** The database error a statement failed with (its code and constraint), through drizzle's causes. */
async function dbError(
  run: () => Promise<unknown>,
): Promise<{ code?: string; constraint?: string }> {
  try {
    await run();
  } catch (error) {
    for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
      const { code, constraint } = e as { code?: string; constraint?: string };
      if (code) return { code, constraint };
    }
    throw error;
  }
  throw new Error('the statement did not fail');
}

describe('the database guards the ledger', () => {
  it('refuses a negative balance for every kind but provider clearing', async () => {
    const [user] = await insertUsers(server, 1);
    await fundWallet(server, user!, 100);
    expect(await balance(accounts.providerClearing())).toBeLessThan(0);
    const failure = await dbError(() =>
      server.ctx.db.execute(sql`
        update ledger_accounts set balance_cents = -1 where kind = 'wallet' and owner_id = ${user}`),
    );
    expect(failure).toEqual({ code: '23514', constraint: 'ledger_accounts_non_negative' });
  });

  it('refuses at commit a transfer whose entries do not sum to zero', async () => {
    const [user] = await insertUsers(server, 1);
    await fundWallet(server, user!, 100);
    const before = await ledgerCounts(server.ctx.db);
    const failure = await dbError(() =>
      server.ctx.db.transaction(async (tx) => {
        const [row] = (
          await tx.execute<{ id: string }>(sql`
            insert into ledger_transfers (kind, initiator_id, idempotency_key, fingerprint)
            values ('tip', ${user}, ${randomUUID()}, 'x') returning id`)
        ).rows;
        await tx.execute(sql`
          insert into ledger_entries (transfer_id, account_id, amount_cents)
          select ${row!.id}, id, -10 from ledger_accounts where kind = 'wallet' and owner_id = ${user}`);
      }),
    );
    expect(failure).toEqual({ code: '23514', constraint: 'ledger_entries_balanced' });
    expect(await ledgerCounts(server.ctx.db)).toEqual(before);
  });

  it('keeps entries and transfers append-only', async () => {
    const [user] = await insertUsers(server, 1);
    await fundWallet(server, user!, 100);
    expect(
      (
        await dbError(() =>
          server.ctx.db.execute(sql`update ledger_entries set amount_cents = amount_cents`),
        )
      ).code,
    ).toBe('42501');
    expect(
      (await dbError(() => server.ctx.db.execute(sql`delete from ledger_transfers`))).code,
    ).toBe('42501');
  });
});

describe('transfer', () => {
  it('writes one balanced transfer and moves the balances', async () => {
    const [payer, creator] = await insertUsers(server, 2);
    await fundWallet(server, payer!, 1_000);
    const receipt = await write({
      kind: 'unlock',
      initiatorId: payer!,
      idempotencyKey: randomUUID(),
      legs: purchaseLegs(payer!, creator!, 499, 20),
      memo: { storyId: 1, payerId: payer!, creatorId: creator! },
    });
    expect(receipt.replayed).toBe(false);
    expect(await balance(accounts.wallet(payer!))).toBe(501);
    expect(await balance(accounts.earningsPending(creator!))).toBe(399);
    const entries = await server.ctx.db.execute<{ total: string; n: number }>(sql`
      select sum(amount_cents)::text as total, count(*)::int as n from ledger_entries
      where transfer_id = ${receipt.transferId}`);
    expect(entries.rows[0]).toEqual({ total: '0', n: 3 });
    expect(await ledgerViolations(server.ctx.db)).toEqual([]);
  });

  it('answers a repeated key with the first transfer, and 422 when the legs differ', async () => {
    const [payer, creator] = await insertUsers(server, 2);
    await fundWallet(server, payer!, 1_000);
    const request: TransferRequest = {
      kind: 'tip',
      initiatorId: payer!,
      idempotencyKey: randomUUID(),
      legs: purchaseLegs(payer!, creator!, 300, 20),
    };
    const first = await write(request);
    const before = await ledgerCounts(server.ctx.db);
    const again = await write(request);
    expect(again).toEqual({ ...first, replayed: true });
    await expect(
      write({ ...request, legs: purchaseLegs(payer!, creator!, 301, 20) }),
    ).rejects.toMatchObject({
      errKey: 'idempotency_mismatch',
    });
    expect(await ledgerCounts(server.ctx.db)).toEqual(before);
    expect(await balance(accounts.wallet(payer!))).toBe(700);
  });

  it('refuses an overdraft with insufficient_funds and writes nothing', async () => {
    const [payer, creator] = await insertUsers(server, 2);
    await fundWallet(server, payer!, 100);
    const before = await ledgerCounts(server.ctx.db);
    await expect(
      write({
        kind: 'tip',
        initiatorId: payer!,
        idempotencyKey: randomUUID(),
        legs: purchaseLegs(payer!, creator!, 101, 20),
      }),
    ).rejects.toMatchObject({ errKey: 'insufficient_funds' });
    expect(await ledgerCounts(server.ctx.db)).toEqual(before);
    expect(await balance(accounts.wallet(payer!))).toBe(100);
  });

  it.each([
    ['zero', 0],
    ['negative', -100],
    ['fractional cents', 10.5],
    ['NaN', Number.NaN],
    ['above the maximum', 1_000_001],
  ])('refuses a payment of %s without writing a row', async (_label, cents) => {
    const [payer, creator] = await insertUsers(server, 2);
    await fundWallet(server, payer!, 1_000);
    const before = await ledgerCounts(server.ctx.db);
    const legs: Leg[] = [
      { account: accounts.wallet(payer!), amountCents: -cents },
      { account: accounts.earningsPending(creator!), amountCents: cents },
    ];
    await expect(
      write({ kind: 'tip', initiatorId: payer!, idempotencyKey: randomUUID(), legs }),
    ).rejects.toThrow(LedgerRuleError);
    expect(await ledgerCounts(server.ctx.db)).toEqual(before);
  });

  it("spreads a creator's credits over shards by payer and sums them as one balance", async () => {
    const creator = (await insertUsers(server, 1))[0]!;
    const payers = await insertUsers(server, 4);
    for (const payer of payers) {
      await fundWallet(server, payer, 100);
      await write({
        kind: 'tip',
        initiatorId: payer,
        idempotencyKey: randomUUID(),
        legs: purchaseLegs(payer, creator, 100, 20),
      });
    }
    const shards = await server.ctx.db.execute<{ shard: number }>(sql`
      select shard from ledger_accounts where kind = 'earnings_pending' and owner_id = ${creator}`);
    expect(shards.rows.map((r) => r.shard).sort((a, b) => a - b)).toEqual(
      payers.map((p) => p % CREDIT_SHARDS).sort((a, b) => a - b),
    );
    expect(await balance(accounts.earningsPending(creator))).toBe(4 * 80);
  });

  it('refuses to debit a sharded account without naming the shard', async () => {
    const [creator] = await insertUsers(server, 1);
    await expect(
      write({
        kind: 'release',
        initiatorId: null,
        idempotencyKey: randomUUID(),
        legs: [
          { account: accounts.earningsPending(creator!), amountCents: -1 },
          { account: accounts.earningsAvailable(creator!), amountCents: 1 },
        ],
      }),
    ).rejects.toThrow(/must name its shard/);
  });
});

describe('reverseTransfer', () => {
  async function purchase() {
    const [payer, creator] = await insertUsers(server, 2);
    await fundWallet(server, payer!, 1_000);
    const receipt = await write({
      kind: 'unlock',
      initiatorId: payer!,
      idempotencyKey: randomUUID(),
      legs: purchaseLegs(payer!, creator!, 500, 20),
    });
    return { payer: payer!, creator: creator!, transferId: receipt.transferId };
  }

  it('puts every account back, once, whoever asks again', async () => {
    const { payer, creator, transferId } = await purchase();
    const revenue = await balance(accounts.platformRevenue());
    const refund = await reverse({
      transferId,
      kind: 'refund',
      initiatorId: null,
      idempotencyKey: `refund:${transferId}`,
    });
    expect(refund.replayed).toBe(false);
    expect(await balance(accounts.wallet(payer))).toBe(1_000);
    expect(await balance(accounts.earningsPending(creator))).toBe(0);
    expect(await balance(accounts.platformRevenue())).toBe(revenue - 100);

    const before = await ledgerCounts(server.ctx.db);
    const chargeback = await reverse({
      transferId,
      kind: 'chargeback',
      initiatorId: null,
      idempotencyKey: `chargeback:${transferId}`,
    });
    expect(chargeback).toEqual({ ...refund, replayed: true });
    expect(await ledgerCounts(server.ctx.db)).toEqual(before);
    expect(await ledgerViolations(server.ctx.db)).toEqual([]);
  });

  it('refuses with insufficient_funds when the money is gone, writing nothing', async () => {
    const { creator, transferId } = await purchase();
    const [shard] = (
      await server.ctx.db.execute<{ shard: number }>(sql`
        select shard from ledger_accounts where kind = 'earnings_pending' and owner_id = ${creator}`)
    ).rows;
    // The creator's pending earnings move on (released) before the refund arrives.
    await write({
      kind: 'release',
      initiatorId: null,
      idempotencyKey: randomUUID(),
      legs: [
        { account: accounts.earningsPending(creator, shard!.shard), amountCents: -400 },
        { account: accounts.earningsAvailable(creator), amountCents: 400 },
      ],
    });
    const before = await ledgerCounts(server.ctx.db);
    await expect(
      reverse({ transferId, kind: 'refund', initiatorId: null, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ errKey: 'insufficient_funds' });
    expect(await ledgerCounts(server.ctx.db)).toEqual(before);
  });
});
