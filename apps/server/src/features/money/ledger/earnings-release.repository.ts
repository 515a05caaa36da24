import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database.ts';

export interface HeldCredit {
  transferId: number;
  entryId: number;
  ownerId: number;
  shard: number;
  amountCents: number;
}

/**
 * Credits to earnings_pending older than `cutoff` that are still held: not reversed, not clawed
 * back, not released yet (the release's key is derived from the credit).
 */
export async function dueCredits(
  db: DbOrTx,
  currency: string,
  cutoff: Date,
  limit: number,
): Promise<HeldCredit[]> {
  const result = await db.execute<{
    transfer_id: string | number;
    entry_id: string | number;
    owner_id: number;
    shard: number;
    amount_cents: string | number;
  }>(sql`
    select t.id as transfer_id, e.id as entry_id, a.owner_id, a.shard, e.amount_cents
    from ledger_entries e
    join ledger_accounts a on a.id = e.account_id
    join ledger_transfers t on t.id = e.transfer_id
    where a.kind = 'earnings_pending' and a.currency = ${currency}
      and e.amount_cents > 0 and t.created_at <= ${cutoff.toISOString()}
      and not exists (select 1 from ledger_transfers r where r.reverses_id = t.id)
      and not exists (select 1 from purchase_clawbacks c where c.purchase_transfer_id = t.id)
      and not exists (
        select 1 from ledger_transfers r
        where coalesce(r.initiator_id, 0) = 0 and r.idempotency_key = 'release:' || t.id || ':' || e.id)
    order by e.id
    limit ${limit}`);
  return result.rows.map((row) => ({
    transferId: Number(row.transfer_id),
    entryId: Number(row.entry_id),
    ownerId: Number(row.owner_id),
    shard: Number(row.shard),
    amountCents: Number(row.amount_cents),
  }));
}
