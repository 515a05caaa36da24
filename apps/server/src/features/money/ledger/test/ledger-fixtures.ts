import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { users } from '../../../../db/schema/index.ts';
import type { Db } from '../../../../platform/db/database.ts';
import { inTransaction } from '../../../../platform/db/transaction.ts';
import type { TestServer } from '../../../../test/harness.ts';
import { topUpLegs } from '../ledger-rules.ts';
import { transfer } from '../ledger.service.ts';

/** Tests only: users and money for ledger tests, and the ledger's invariants as queries. */

/** Users straight into the table (no password hashing): ledger tests need many, fast. */
export async function insertUsers(server: TestServer, count: number): Promise<number[]> {
  const rows = Array.from({ length: count }, () => {
    const tag = randomBytes(6).toString('hex');
    return {
      slug: `ledger-${tag}`,
      name: 'Ledger Test',
      email: `ledger-${tag}@example.com`,
      passwordHash: 'not-a-hash',
      birthdate: '1990-01-01',
      sex: 'female' as const,
      countryCode: 'de',
    };
  });
  const inserted = await server.ctx.db.insert(users).values(rows).returning({ id: users.id });
  return inserted.map((row) => row.id);
}

/** Puts money into a wallet as a top-up from the provider would. */
export async function fundWallet(server: TestServer, userId: number, cents: number): Promise<void> {
  await inTransaction(server.ctx.db, (tx) =>
    transfer(
      { db: tx, config: server.ctx.config },
      {
        kind: 'top_up',
        initiatorId: null,
        idempotencyKey: `test-fund-${randomBytes(8).toString('hex')}`,
        legs: topUpLegs(userId, cents),
      },
    ),
  );
}

export interface LedgerCounts {
  transfers: number;
  entries: number;
}

export async function ledgerCounts(db: Db): Promise<LedgerCounts> {
  const result = await db.execute<{ transfers: number; entries: number }>(sql`
    select (select count(*)::int from ledger_transfers) as transfers,
      (select count(*)::int from ledger_entries) as entries`);
  return result.rows[0]!;
}

/**
 * The ledger's invariants, checked over the whole database: every transfer's entries sum to
 * zero, every account's balance is the sum of its entries, and no account but provider
 * clearing is below zero. Returns the violations (empty when all hold).
 */
export async function ledgerViolations(db: Db): Promise<string[]> {
  const unbalanced = await db.execute<{ id: number; total: string }>(sql`
    select transfer_id as id, sum(amount_cents)::text as total from ledger_entries
    group by transfer_id having sum(amount_cents) <> 0`);
  const drifted = await db.execute<{ id: number; balance: string; total: string }>(sql`
    select a.id, a.balance_cents::text as balance, coalesce(sum(e.amount_cents), 0)::text as total
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id having a.balance_cents <> coalesce(sum(e.amount_cents), 0)`);
  const negative = await db.execute<{ id: number; kind: string }>(sql`
    select id, kind from ledger_accounts where balance_cents < 0 and kind <> 'provider_clearing'`);
  const childless = await db.execute<{ id: number }>(sql`
    select t.id from ledger_transfers t
    where not exists (select 1 from ledger_entries e where e.transfer_id = t.id)`);
  return [
    ...unbalanced.rows.map((r) => `transfer ${r.id} sums to ${r.total}`),
    ...drifted.rows.map((r) => `account ${r.id} balance ${r.balance} but entries ${r.total}`),
    ...negative.rows.map((r) => `account ${r.id} (${r.kind}) is negative`),
    ...childless.rows.map((r) => `transfer ${r.id} has no entries`),
  ];
}
