import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { TRANSFER_KINDS, type TransferKind } from '@glimpse/contract';
import { users } from './users.ts';

/**
 * What an account holds (features/money/ledger/ledger-accounts.ts has the rules per kind):
 * - `wallet`: a user's spendable money (top-ups in, purchases out).
 * - `earnings_pending`: a creator's earnings during the hold period (EARNINGS_HOLD_DAYS).
 * - `earnings_available`: a creator's withdrawable earnings.
 * - `payouts_in_flight`: a creator's payout handed to the provider, not yet confirmed.
 * - `paid_out`: what left the platform to a creator (grows only).
 * - `platform_revenue`: the platform's fee (system account, no owner).
 * - `provider_clearing`: the payment provider's side (system account, no owner). The only
 *   account allowed below zero: money entering from outside debits it.
 */
export const LEDGER_ACCOUNT_KINDS = [
  'wallet',
  'earnings_pending',
  'earnings_available',
  'payouts_in_flight',
  'paid_out',
  'platform_revenue',
  'provider_clearing',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/** What moved money; one ledger transfer per business event (the wallet history's kinds). */
export const LEDGER_TRANSFER_KINDS = TRANSFER_KINDS;
export type LedgerTransferKind = TransferKind;

/**
 * One row per (kind, owner, currency, shard). `balance_cents` is the sum of the account's
 * entries, kept by the ledger service in the same statement that writes them. Hot accounts that
 * only receive (a popular creator's pending earnings, platform revenue, provider clearing) are
 * split into shards, each its own row, so concurrent credits do not queue on one row lock; their
 * balance is the sum over shards.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    /** The user the account belongs to; null for the platform's own accounts. */
    ownerId: integer('owner_id').references(() => users.id),
    currency: text('currency').notNull(),
    shard: smallint('shard').notNull().default(0),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // coalesce: the platform's accounts (no owner) are unique too, and one index serves the
    // ledger's lookup of user and platform accounts alike (features/money/ledger/ledger.repository.ts).
    uniqueIndex('ledger_accounts_identity_key').on(
      t.kind,
      sql`coalesce(${t.ownerId}, 0)`,
      t.currency,
      t.shard,
    ),
    index('ledger_accounts_owner_idx').on(t.ownerId),
    // The database refuses an overdraft: only the provider's clearing account may go negative.
    check(
      'ledger_accounts_non_negative',
      sql`${t.kind} = 'provider_clearing' or ${t.balanceCents} >= 0`,
    ),
    check(
      'ledger_accounts_owner_check',
      sql`(${t.kind} in ('platform_revenue', 'provider_clearing')) = (${t.ownerId} is null)`,
    ),
    check('ledger_accounts_shard_check', sql`${t.shard} >= 0`),
  ],
);

/**
 * One balanced movement of money. `(initiator_id, idempotency_key)` is unique, so a transfer is
 * written at most once whoever retries it; `fingerprint` (a hash of what was asked) tells a
 * true retry from the same key reused for something else.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: LEDGER_TRANSFER_KINDS }).notNull(),
    /** Whose request this was (the key's scope); null for the platform's own (webhooks, jobs). */
    initiatorId: integer('initiator_id').references(() => users.id),
    idempotencyKey: text('idempotency_key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** What the transfer was for (story, counterparty, provider reference); see TransferMemo. */
    memo: jsonb('memo').notNull().default({}),
    /** A refund or chargeback names the transfer it reverses. */
    reversesId: bigint('reverses_id', { mode: 'number' }).references(
      (): AnyPgColumn => ledgerTransfers.id,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // coalesce: the platform's own transfers (no initiator) share one key space.
    uniqueIndex('ledger_transfers_idempotency_key').on(
      sql`coalesce(${t.initiatorId}, 0)`,
      t.idempotencyKey,
    ),
    // A transfer is reversed (refunded, charged back) at most once, whoever races to do it.
    uniqueIndex('ledger_transfers_reverses_key')
      .on(t.reversesId)
      .where(sql`${t.reversesId} is not null`),
  ],
);

/**
 * The legs of a transfer: signed amounts (debit negative, credit positive). The entries of one
 * transfer sum to zero: the service refuses anything else, and a deferred constraint trigger
 * (migration 0008) checks it again at commit.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('ledger_entries_transfer_idx').on(t.transferId),
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    check('ledger_entries_nonzero', sql`${t.amountCents} <> 0`),
  ],
);

/**
 * The answer a paying request gave, stored with it so a retry with the same Idempotency-Key
 * gets the same answer instead of a second charge (features/money/ledger/idempotency.ts). Written in
 * the transaction that charged; a refused request stores nothing and its key stays free.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Hash of the operation and its parameters. */
    fingerprint: text('fingerprint').notNull(),
    status: smallint('status').notNull(),
    body: jsonb('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
