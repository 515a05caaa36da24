import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../platform/db/database.ts';

/** A paid period of a creator's subscribers that has not run out (now or bought ahead). */
export interface OpenPeriod {
  id: number;
  subscriberId: number;
  startsAt: Date;
  expiresAt: Date;
  priceCents: number;
  transferId: number;
}

/** The ids of the creator's paid periods still running or to come. */
export async function openPaidPeriodIds(db: DbOrTx, creatorId: number): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    select id from subscriptions
    where creator_id = ${creatorId} and expires_at > now() and transfer_id is not null
      and price_cents > 0
    order by id`);
  return result.rows.map((row) => Number(row.id));
}

/** Locks one such period; undefined once it has run out or ended (a refund already done). */
export async function lockOpenPeriod(tx: Tx, id: number): Promise<OpenPeriod | undefined> {
  const result = await tx.execute<{
    id: number;
    subscriber_id: number;
    starts_at: Date | string;
    expires_at: Date | string;
    price_cents: number;
    transfer_id: number | string;
  }>(sql`
    select id, subscriber_id, starts_at, expires_at, price_cents, transfer_id from subscriptions
    where id = ${id} and expires_at > now() and transfer_id is not null
    for update`);
  const row = result.rows[0];
  return (
    row && {
      id: Number(row.id),
      subscriberId: Number(row.subscriber_id),
      startsAt: new Date(row.starts_at),
      expiresAt: new Date(row.expires_at),
      priceCents: Number(row.price_cents),
      transferId: Number(row.transfer_id),
    }
  );
}

/** Whether either account is suspended (issue 29): a subscription between them does not renew. */
export async function eitherSuspended(db: DbOrTx, userIds: number[]): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(sql`
    select exists (select 1 from users where id = any(${sql.param(userIds)}::int[])
      and suspended_at is not null) as found`);
  return Boolean(result.rows[0]?.found);
}

/** The legs a purchase's transfer wrote, with their accounts (the refund mirrors them). */
export interface PaidEntry {
  kind: string;
  ownerId: number | null;
  shard: number;
  amountCents: number;
}

export async function paidEntries(tx: Tx, transferId: number): Promise<PaidEntry[]> {
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
