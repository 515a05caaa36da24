import { and, eq, sql } from 'drizzle-orm';
import type { TransferKind } from '@glimpse/contract';
import { ledgerAccounts } from '../../../db/schema/index.ts';
import type { DbOrTx } from '../../../platform/db/database.ts';
import { prepared } from '../../../platform/db/prepared.ts';

/** Reads of a user's wallet for the wallet screen and the current user. */

/**
 * The wallet's balance: on every `GET /api/auth/me`, so prepared once per handle. `coalesce`
 * matches the accounts' identity index; a user who never paid has no row and a balance of 0.
 */
export async function walletBalance(
  db: DbOrTx,
  ownerId: number,
  currency: string,
): Promise<number> {
  const query = prepared(db, 'wallet_balance', (d) =>
    d
      .select({ balance: ledgerAccounts.balanceCents })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.kind, 'wallet'),
          sql`coalesce(${ledgerAccounts.ownerId}, 0) = ${sql.placeholder('ownerId')}`,
          eq(ledgerAccounts.currency, sql.placeholder('currency')),
          eq(ledgerAccounts.shard, 0),
        ),
      )
      .prepare('wallet_balance'),
  );
  const [row] = await query.execute({ ownerId, currency });
  return Number(row?.balance ?? 0);
}

/** A creator's earnings accounts in cents, summed over shards; 0 for an account never opened. */
export interface EarningsCents {
  earnings_pending: number;
  earnings_available: number;
  payouts_in_flight: number;
  paid_out: number;
}

export async function earningsBalances(
  db: DbOrTx,
  ownerId: number,
  currency: string,
): Promise<EarningsCents> {
  const result = await db.execute<{ kind: keyof EarningsCents; balance: string | number }>(sql`
    select kind, sum(balance_cents) as balance from ledger_accounts
    where owner_id = ${ownerId} and currency = ${currency}
      and kind in ('earnings_pending', 'earnings_available', 'payouts_in_flight', 'paid_out')
    group by kind`);
  const earnings: EarningsCents = {
    earnings_pending: 0,
    earnings_available: 0,
    payouts_in_flight: 0,
    paid_out: 0,
  };
  for (const row of result.rows) earnings[row.kind] = Number(row.balance);
  return earnings;
}

export interface WalletLine {
  entryId: number;
  amountCents: number;
  kind: TransferKind;
  createdAt: Date;
  storyId: number | null;
  counterparty: { id: number; name: string; slug: string } | null;
}

type WalletLineRow = {
  id: string | number;
  amount_cents: string | number;
  kind: TransferKind;
  created_at: string | Date;
  story_id: number | null;
  cp_id: number | null;
  cp_name: string | null;
  cp_slug: string | null;
};

/**
 * The wallet's latest entries with their transfers, newest first. The counterparty is the
 * creator for the payer and the payer for the creator (from the transfer's memo).
 */
export async function recentWalletLines(
  db: DbOrTx,
  ownerId: number,
  currency: string,
  limit: number,
): Promise<WalletLine[]> {
  const result = await db.execute<WalletLineRow>(sql`
    select e.id, e.amount_cents, t.kind, t.created_at, (t.memo->>'storyId')::int as story_id,
      u.id as cp_id, u.name as cp_name, u.slug as cp_slug
    from ledger_accounts a
    join ledger_entries e on e.account_id = a.id
    join ledger_transfers t on t.id = e.transfer_id
    left join users u on u.id = case
      when (t.memo->>'creatorId')::int = ${ownerId} then (t.memo->>'payerId')::int
      else (t.memo->>'creatorId')::int end
    where a.kind = 'wallet' and coalesce(a.owner_id, 0) = ${ownerId} and a.currency = ${currency}
      and a.shard = 0
    order by e.id desc
    limit ${limit}`);
  return result.rows.map((row) => ({
    entryId: Number(row.id),
    amountCents: Number(row.amount_cents),
    kind: row.kind,
    createdAt: new Date(row.created_at),
    storyId: row.story_id === null ? null : Number(row.story_id),
    counterparty:
      row.cp_id === null ? null : { id: Number(row.cp_id), name: row.cp_name!, slug: row.cp_slug! },
  }));
}
