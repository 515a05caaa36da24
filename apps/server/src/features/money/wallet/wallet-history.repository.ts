import { sql } from 'drizzle-orm';
import type { TransferKind } from '@glimpse/contract';
import type { DbOrTx } from '../../../platform/db/database.ts';

/**
 * Reads of a user's ledger movements for the wallet's history and the earnings breakdown: SQL
 * only, in cents; wallet-history.service.ts decides what each line means for the reader.
 */

/** The user's accounts a history line is about (payouts in flight or paid out have left). */
const OWN_KINDS = sql`('wallet', 'earnings_pending', 'earnings_available')`;

export interface HistoryRow {
  transferId: number;
  kind: TransferKind;
  createdAt: Date;
  /** The transfer's net effect on the user's wallet, and on their pending + available earnings. */
  walletCents: number;
  earningsCents: number;
  /** A credit of the user's pending earnings (a purchase from them), with its entry. */
  heldCents: number;
  /** What the transfer put into the user's own accounts: the amount of a move between them. */
  creditedCents: number;
  heldEntryId: number | null;
  /** The platform's fee taken in this transfer (purchases). */
  feeCents: number;
  /** A release moved the held credit on; a reversal (or a clawback with one) took it back. */
  released: boolean;
  reversed: boolean;
  /** A refund revoked the purchase, whether or not the money came back (clawbacks). */
  revoked: boolean;
  payoutStatus: 'pending' | 'paid' | 'failed' | null;
  storyId: number | null;
  counterparty: { id: number; name: string; slug: string } | null;
}

type Row = {
  transfer_id: string | number;
  kind: TransferKind;
  created_at: string | Date;
  wallet_cents: string | number | null;
  earnings_cents: string | number | null;
  held_cents: string | number | null;
  credited_cents: string | number | null;
  held_entry_id: string | number | null;
  fee_cents: string | number | null;
  released: boolean;
  reversed: boolean;
  revoked: boolean;
  payout_status: HistoryRow['payoutStatus'];
  story_id: number | null;
  cp_id: number | null;
  cp_name: string | null;
  cp_slug: string | null;
};

const num = (value: string | number | null) => (value === null ? 0 : Number(value));

/**
 * The transfers that moved the user's wallet or earnings, newest first, older than `before`
 * (a transfer id) when given. A refund names its purchase (`reverses_id`), whose memo says who
 * the other side was; the counterparty is the creator for the payer and the payer for the
 * creator.
 */
export async function historyRows(
  db: DbOrTx,
  userId: number,
  currency: string,
  options: { before: number | null; limit: number },
): Promise<HistoryRow[]> {
  const before = options.before === null ? sql`` : sql`and e.transfer_id < ${options.before}`;
  const result = await db.execute<Row>(sql`
    with mine as (
      select e.transfer_id,
        sum(e.amount_cents) filter (where a.kind = 'wallet') as wallet_cents,
        sum(e.amount_cents) filter (where a.kind <> 'wallet') as earnings_cents,
        sum(e.amount_cents) filter (where a.kind = 'earnings_pending' and e.amount_cents > 0)
          as held_cents,
        sum(e.amount_cents) filter (where e.amount_cents > 0) as credited_cents,
        max(e.id) filter (where a.kind = 'earnings_pending' and e.amount_cents > 0)
          as held_entry_id
      from ledger_accounts a
      join ledger_entries e on e.account_id = a.id
      where a.owner_id = ${userId} and a.currency = ${currency} and a.kind in ${OWN_KINDS}
        ${before}
      group by e.transfer_id
      order by e.transfer_id desc
      limit ${options.limit}
    )
    select m.transfer_id, t.kind, t.created_at, m.wallet_cents, m.earnings_cents, m.held_cents,
      m.credited_cents, m.held_entry_id,
      (select sum(fe.amount_cents) from ledger_entries fe
        join ledger_accounts fa on fa.id = fe.account_id
        where fe.transfer_id = t.id and fa.kind = 'platform_revenue' and fe.amount_cents > 0)
        as fee_cents,
      (m.held_entry_id is not null and exists (
        select 1 from ledger_transfers r
        where coalesce(r.initiator_id, 0) = 0
          and r.idempotency_key = 'release:' || t.id || ':' || m.held_entry_id)) as released,
      (exists (select 1 from ledger_transfers r where r.reverses_id = t.id)
        or exists (select 1 from purchase_clawbacks c
          where c.purchase_transfer_id = t.id and c.reversal_transfer_id is not null)) as reversed,
      exists (select 1 from purchase_clawbacks c where c.purchase_transfer_id = t.id) as revoked,
      p.status as payout_status,
      coalesce(t.memo->>'storyId', o.memo->>'storyId')::int as story_id,
      u.id as cp_id, u.name as cp_name, u.slug as cp_slug
    from mine m
    join ledger_transfers t on t.id = m.transfer_id
    left join ledger_transfers o on o.id = t.reverses_id
    left join payouts p on p.transfer_id = t.id
    left join users u on u.id = nullif(case
      when coalesce(t.memo->>'creatorId', o.memo->>'creatorId')::int = ${userId}
        then coalesce(t.memo->>'payerId', o.memo->>'payerId')::int
      else coalesce(t.memo->>'creatorId', o.memo->>'creatorId')::int end, ${userId})
    order by m.transfer_id desc`);
  return result.rows.map((row) => ({
    transferId: Number(row.transfer_id),
    kind: row.kind,
    createdAt: new Date(row.created_at),
    walletCents: num(row.wallet_cents),
    earningsCents: num(row.earnings_cents),
    heldCents: num(row.held_cents),
    creditedCents: num(row.credited_cents),
    heldEntryId: row.held_entry_id === null ? null : Number(row.held_entry_id),
    feeCents: num(row.fee_cents),
    released: Boolean(row.released),
    reversed: Boolean(row.reversed),
    revoked: Boolean(row.revoked),
    payoutStatus: row.payout_status,
    storyId: row.story_id === null ? null : Number(row.story_id),
    counterparty:
      row.cp_id === null ? null : { id: Number(row.cp_id), name: row.cp_name!, slug: row.cp_slug! },
  }));
}

export interface EarningsSourceRow {
  kind: TransferKind;
  count: number;
  netCents: number;
  feeCents: number;
}

/**
 * The user's credits of pending earnings (every purchase from them) by kind, the reversed ones
 * apart: count, the creator's share and the platform's fee. Reversed rows carry `reversed`.
 */
export async function earningsBySource(
  db: DbOrTx,
  userId: number,
  currency: string,
): Promise<(EarningsSourceRow & { reversed: boolean })[]> {
  const result = await db.execute<{
    kind: TransferKind;
    reversed: boolean;
    count: string | number;
    net_cents: string | number;
    fee_cents: string | number | null;
  }>(sql`
    with credits as (
      select t.id, t.kind, e.amount_cents,
        (exists (select 1 from ledger_transfers r where r.reverses_id = t.id)
          or exists (select 1 from purchase_clawbacks c
            where c.purchase_transfer_id = t.id and c.reversal_transfer_id is not null)) as reversed
      from ledger_accounts a
      join ledger_entries e on e.account_id = a.id
      join ledger_transfers t on t.id = e.transfer_id
      where a.owner_id = ${userId} and a.currency = ${currency} and a.kind = 'earnings_pending'
        and e.amount_cents > 0 and t.reverses_id is null
        and t.kind in ('unlock', 'tip', 'subscription', 'dm_purchase', 'stream_entry')
    )
    select c.kind, c.reversed, count(*) as count, sum(c.amount_cents) as net_cents,
      sum((select sum(fe.amount_cents) from ledger_entries fe
        join ledger_accounts fa on fa.id = fe.account_id
        where fe.transfer_id = c.id and fa.kind = 'platform_revenue' and fe.amount_cents > 0))
        as fee_cents
    from credits c
    group by c.kind, c.reversed`);
  return result.rows.map((row) => ({
    kind: row.kind,
    reversed: Boolean(row.reversed),
    count: Number(row.count),
    netCents: Number(row.net_cents),
    feeCents: num(row.fee_cents),
  }));
}

/**
 * When the oldest credit still held was made (its hold ends EARNINGS_HOLD_DAYS later), or null
 * when nothing is held. Mirrors the release job's choice (ledger/earnings-release.ts).
 */
export async function oldestHeldCreditAt(
  db: DbOrTx,
  userId: number,
  currency: string,
): Promise<Date | null> {
  const result = await db.execute<{ created_at: string | Date | null }>(sql`
    select min(t.created_at) as created_at
    from ledger_accounts a
    join ledger_entries e on e.account_id = a.id
    join ledger_transfers t on t.id = e.transfer_id
    where a.owner_id = ${userId} and a.currency = ${currency} and a.kind = 'earnings_pending'
      and e.amount_cents > 0
      and not exists (select 1 from ledger_transfers r where r.reverses_id = t.id)
      and not exists (select 1 from purchase_clawbacks c where c.purchase_transfer_id = t.id)
      and not exists (
        select 1 from ledger_transfers r
        where coalesce(r.initiator_id, 0) = 0 and r.idempotency_key = 'release:' || t.id || ':' || e.id)`);
  const at = result.rows[0]?.created_at;
  return at ? new Date(at) : null;
}
