import { sql } from 'drizzle-orm';
import type { LedgerAccountKind, LedgerTransferKind } from '../../../db/schema/index.ts';
import type { DbOrTx, Tx } from '../../../platform/db/database.ts';
import type { ResolvedRef } from './ledger-accounts.ts';

/** SQL of the ledger. Raw statements: each is one round trip on the hot path of every payment. */

export interface NewTransfer {
  kind: LedgerTransferKind;
  initiatorId: number | null;
  idempotencyKey: string;
  fingerprint: string;
  memo: object;
  reversesId: number | null;
}

export interface StoredTransfer {
  id: number;
  fingerprint: string;
  createdAt: Date;
}

export interface LockedAccount extends ResolvedRef {
  id: number;
  balanceCents: number;
}

export interface Move {
  accountId: number;
  amountCents: number;
}

type TransferRow = {
  id: string | number;
  fingerprint: string;
  created_at: string | Date;
};

const toTransfer = (row: TransferRow): StoredTransfer => ({
  id: Number(row.id),
  fingerprint: row.fingerprint,
  createdAt: new Date(row.created_at),
});

/**
 * Inserts the transfer unless its key (or, for a reversal, its original) is taken: undefined
 * then. A concurrent transaction holding the same key makes this wait for its outcome, so of
 * two racing requests exactly one writes.
 */
export async function claimTransfer(
  tx: Tx,
  transfer: NewTransfer,
): Promise<StoredTransfer | undefined> {
  const result = await tx.execute<TransferRow>(sql`
    insert into ledger_transfers (kind, initiator_id, idempotency_key, fingerprint, memo, reverses_id)
    values (${transfer.kind}, ${transfer.initiatorId}, ${transfer.idempotencyKey},
      ${transfer.fingerprint}, ${JSON.stringify(transfer.memo)}::jsonb, ${transfer.reversesId})
    on conflict do nothing
    returning id, fingerprint, created_at`);
  const row = result.rows[0];
  return row ? toTransfer(row) : undefined;
}

export async function findTransferByKey(
  db: DbOrTx,
  initiatorId: number | null,
  idempotencyKey: string,
): Promise<StoredTransfer | undefined> {
  const result = await db.execute<TransferRow>(sql`
    select id, fingerprint, created_at from ledger_transfers
    where coalesce(initiator_id, 0) = ${initiatorId ?? 0} and idempotency_key = ${idempotencyKey}`);
  const row = result.rows[0];
  return row ? toTransfer(row) : undefined;
}

export async function findReversalOf(
  db: DbOrTx,
  transferId: number,
): Promise<StoredTransfer | undefined> {
  const result = await db.execute<TransferRow>(sql`
    select id, fingerprint, created_at from ledger_transfers where reverses_id = ${transferId}`);
  const row = result.rows[0];
  return row ? toTransfer(row) : undefined;
}

type AccountRow = {
  id: number;
  kind: LedgerAccountKind;
  owner_id: number | null;
  shard: number;
  balance_cents: string | number;
};

const toLocked = (row: AccountRow): LockedAccount => ({
  id: Number(row.id),
  kind: row.kind,
  ownerId: row.owner_id === null ? null : Number(row.owner_id),
  shard: Number(row.shard),
  balanceCents: Number(row.balance_cents),
});

const refArrays = (refs: readonly ResolvedRef[]) => sql`unnest(
  ${sql.param(refs.map((r) => r.kind))}::text[],
  ${sql.param(refs.map((r) => r.ownerId ?? 0))}::int[],
  ${sql.param(refs.map((r) => r.shard))}::int[]) as w(kind, owner, shard)`;

/**
 * Locks the named accounts that exist, in ascending id order (ORDER BY runs before the row
 * locks are taken): every transfer takes its locks in the same global order, so two transfers
 * never wait for each other in a cycle. NO KEY UPDATE is the lock an UPDATE of the balance takes
 * anyway; it leaves the foreign-key checks of entries written meanwhile unblocked.
 */
export async function lockAccounts(
  tx: Tx,
  currency: string,
  refs: readonly ResolvedRef[],
): Promise<LockedAccount[]> {
  const result = await tx.execute<AccountRow>(sql`
    select a.id, a.kind, a.owner_id, a.shard, a.balance_cents
    from ${refArrays(refs)}
    join ledger_accounts a on a.kind = w.kind and coalesce(a.owner_id, 0) = w.owner
      and a.currency = ${currency} and a.shard = w.shard
    order by a.id
    for no key update of a`);
  return result.rows.map(toLocked);
}

type ClaimRow = Partial<AccountRow> & {
  transfer_id: string | number | null;
  created_at: string | Date | null;
};

/**
 * `claimTransfer` and `lockAccounts` in one round trip: the insert runs first (the lock waits
 * for it through `exists`), and the accounts are locked only when the key was free. Undefined
 * when the key is taken; otherwise the transfer and the accounts that exist, locked.
 */
export async function claimAndLock(
  tx: Tx,
  transfer: NewTransfer,
  currency: string,
  refs: readonly ResolvedRef[],
): Promise<{ transfer: StoredTransfer; locked: LockedAccount[] } | undefined> {
  const result = await tx.execute<ClaimRow>(sql`
    with claimed as (
      insert into ledger_transfers (kind, initiator_id, idempotency_key, fingerprint, memo, reverses_id)
      values (${transfer.kind}, ${transfer.initiatorId}, ${transfer.idempotencyKey},
        ${transfer.fingerprint}, ${JSON.stringify(transfer.memo)}::jsonb, ${transfer.reversesId})
      on conflict do nothing
      returning id, created_at
    ), locked as (
      select a.id, a.kind, a.owner_id, a.shard, a.balance_cents
      from ${refArrays(refs)}
      join ledger_accounts a on a.kind = w.kind and coalesce(a.owner_id, 0) = w.owner
        and a.currency = ${currency} and a.shard = w.shard
      where exists (select 1 from claimed)
      order by a.id
      for no key update of a
    )
    select c.id as transfer_id, c.created_at, l.id, l.kind, l.owner_id, l.shard, l.balance_cents
    from (select 1) as one
    left join claimed c on true
    left join locked l on true`);
  const first = result.rows[0];
  if (!first || first.transfer_id === null) return undefined;
  return {
    transfer: {
      id: Number(first.transfer_id),
      fingerprint: transfer.fingerprint,
      createdAt: new Date(first.created_at!),
    },
    locked: result.rows.filter((row) => row.id != null).map((row) => toLocked(row as AccountRow)),
  };
}

/** Locks accounts by id, ascending (see lockAccounts). */
export async function lockAccountsById(tx: Tx, ids: readonly number[]): Promise<LockedAccount[]> {
  const result = await tx.execute<AccountRow>(sql`
    select id, kind, owner_id, shard, balance_cents from ledger_accounts
    where id = any(${sql.param([...ids])}::int[])
    order by id
    for no key update`);
  return result.rows.map(toLocked);
}

/**
 * Opens accounts at zero; ones that exist (or that a racing transfer opens) are left alone.
 * Rows are inserted in one canonical order: two transfers opening the same new accounts then
 * meet on the first of them, never each holding one the other waits for.
 */
export async function createAccounts(
  tx: Tx,
  currency: string,
  unordered: readonly ResolvedRef[],
): Promise<void> {
  const name = (r: ResolvedRef) => `${r.kind}:${r.ownerId ?? 0}:${r.shard}`;
  const refs = [...unordered].sort((a, b) => (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0));
  await tx.execute(sql`
    insert into ledger_accounts (kind, owner_id, currency, shard)
    select w.kind, nullif(w.owner, 0), ${currency}, w.shard
    from ${refArrays(refs)}
    on conflict do nothing`);
}

/**
 * Writes the entries and moves the balances in one statement. The accounts' CHECK refuses a
 * balance below zero (except provider clearing), failing the statement with 23514.
 */
export async function writeEntries(
  tx: Tx,
  transferId: number,
  moves: readonly Move[],
): Promise<void> {
  await tx.execute(sql`
    with legs(account_id, amount_cents) as (
      select * from unnest(${sql.param(moves.map((m) => m.accountId))}::int[],
        ${sql.param(moves.map((m) => m.amountCents))}::bigint[])
    ), moved as (
      update ledger_accounts a set balance_cents = a.balance_cents + legs.amount_cents
      from legs where a.id = legs.account_id
      returning a.id
    )
    insert into ledger_entries (transfer_id, account_id, amount_cents)
    select ${transferId}, account_id, amount_cents from legs`);
}

/** The legs of a written transfer, by account id. */
export async function entriesOf(db: DbOrTx, transferId: number): Promise<Move[]> {
  const result = await db.execute<{ account_id: number; amount_cents: string | number }>(sql`
    select account_id, amount_cents from ledger_entries where transfer_id = ${transferId} order by id`);
  return result.rows.map((row) => ({
    accountId: Number(row.account_id),
    amountCents: Number(row.amount_cents),
  }));
}

/** The balance of an account summed over its shards; 0 for an account never opened. */
export async function balanceOf(
  db: DbOrTx,
  currency: string,
  kind: LedgerAccountKind,
  ownerId: number | null,
): Promise<number> {
  const result = await db.execute<{ balance: string | number }>(sql`
    select coalesce(sum(balance_cents), 0) as balance from ledger_accounts
    where kind = ${kind} and coalesce(owner_id, 0) = ${ownerId ?? 0} and currency = ${currency}`);
  return Number(result.rows[0]?.balance ?? 0);
}
