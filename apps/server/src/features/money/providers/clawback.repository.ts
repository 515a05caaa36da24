import { sql } from 'drizzle-orm';
import { purchaseClawbacks } from '../../../db/schema/index.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { PURCHASE_KINDS, type PurchaseKind } from '../purchases/purchase-payment.ts';

export interface PurchaseToClawBack {
  transferId: number;
  kind: PurchaseKind;
  priceCents: number;
}

/**
 * The user's purchases paid after the top-up, newest first, that nothing reversed yet: what a
 * refund of that top-up may take back.
 */
export async function purchasesAfter(
  tx: Tx,
  userId: number,
  currency: string,
  afterTransferId: number,
): Promise<PurchaseToClawBack[]> {
  const kinds = sql.join(
    PURCHASE_KINDS.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const result = await tx.execute<{ id: string | number; kind: PurchaseKind; price: string }>(sql`
    select t.id, t.kind, -e.amount_cents as price
    from ledger_accounts a
    join ledger_entries e on e.account_id = a.id
    join ledger_transfers t on t.id = e.transfer_id
    where a.kind = 'wallet' and a.owner_id = ${userId} and a.currency = ${currency}
      and e.amount_cents < 0 and t.id > ${afterTransferId} and t.kind in (${kinds})
      and not exists (select 1 from ledger_transfers r where r.reverses_id = t.id)
      and not exists (select 1 from purchase_clawbacks c where c.purchase_transfer_id = t.id)
    order by t.id desc`);
  return result.rows.map((row) => ({
    transferId: Number(row.id),
    kind: row.kind,
    priceCents: Number(row.price),
  }));
}

export interface EntryWithAccount {
  kind: string;
  ownerId: number | null;
  shard: number;
  amountCents: number;
}

export async function entriesWithAccounts(tx: Tx, transferId: number): Promise<EntryWithAccount[]> {
  const result = await tx.execute<{
    kind: string;
    owner_id: number | null;
    shard: number;
    amount_cents: string | number;
  }>(sql`
    select a.kind, a.owner_id, a.shard, e.amount_cents
    from ledger_entries e join ledger_accounts a on a.id = e.account_id
    where e.transfer_id = ${transferId} order by e.id`);
  return result.rows.map((row) => ({
    kind: row.kind,
    ownerId: row.owner_id === null ? null : Number(row.owner_id),
    shard: Number(row.shard),
    amountCents: Number(row.amount_cents),
  }));
}

export async function recordClawback(
  tx: Tx,
  row: typeof purchaseClawbacks.$inferInsert,
): Promise<void> {
  await tx.insert(purchaseClawbacks).values(row);
}
