import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ledgerTransfers } from './ledger.ts';
import { users } from './users.ts';

/**
 * Payment providers (features/money/providers): top-up checkouts, the provider events we applied, and
 * creator payouts. Money in these rows is integer cents; the ledger is the source of truth for
 * balances, these rows say which provider object a transfer belongs to.
 */

export const CHECKOUT_STATUSES = ['pending', 'paid', 'failed'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** A top-up the user started at a provider. Only the provider's webhook marks it paid. */
export const paymentCheckouts = pgTable(
  'payment_checkouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Unguessable id in URLs and provider metadata (the sandbox page is reachable by it alone). */
    publicId: text('public_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    /** The provider's checkout object (Stripe: the Checkout Session id). */
    providerRef: text('provider_ref'),
    /** The provider's payment behind it (Stripe: the PaymentIntent), known once paid. */
    paymentRef: text('payment_ref'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    returnTo: text('return_to').notNull(),
    status: text('status', { enum: CHECKOUT_STATUSES }).notNull().default('pending'),
    /** The sandbox's own record of the button pressed (the "provider side"); null elsewhere. */
    sandboxOutcome: text('sandbox_outcome', { enum: ['success', 'fail'] }),
    /** Refunds and chargebacks applied so far; never above amount_cents. */
    reversedCents: bigint('reversed_cents', { mode: 'number' }).notNull().default(0),
    /** The part of those the platform could not take back (documented in docs/decisions.md). */
    unrecoveredCents: bigint('unrecovered_cents', { mode: 'number' }).notNull().default(0),
    topUpTransferId: bigint('top_up_transfer_id', { mode: 'number' }).references(
      () => ledgerTransfers.id,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_checkouts_public_id_key').on(t.publicId),
    uniqueIndex('payment_checkouts_provider_ref_key')
      .on(t.provider, t.providerRef)
      .where(sql`${t.providerRef} is not null`),
    index('payment_checkouts_payment_ref_idx')
      .on(t.provider, t.paymentRef)
      .where(sql`${t.paymentRef} is not null`),
    index('payment_checkouts_user_idx').on(t.userId, t.id),
    check('payment_checkouts_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'payment_checkouts_reversed_range',
      sql`${t.reversedCents} >= 0 and ${t.reversedCents} <= ${t.amountCents} and ${t.unrecoveredCents} >= 0 and ${t.unrecoveredCents} <= ${t.reversedCents}`,
    ),
  ],
);

/**
 * Every provider event we accepted, once: the primary key makes a repeated delivery a no-op.
 * `deferred`: the event concerns a payment we have not seen succeed yet (a refund that overtook
 * its payment); it is applied when the payment arrives.
 */
export const PAYMENT_EVENT_STATES = ['applied', 'deferred', 'ignored'] as const;
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** The provider object the event is about (checkout, payment or payout reference). */
    ref: text('ref').notNull(),
    /** The normalized event, kept to apply a deferred one later. */
    event: jsonb('event').notNull(),
    state: text('state', { enum: PAYMENT_EVENT_STATES }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.eventId] }),
    index('payment_events_deferred_idx')
      .on(t.provider, t.ref)
      .where(sql`${t.state} = 'deferred'`),
  ],
);

export const PAYOUT_STATES = ['pending', 'paid', 'failed'] as const;

/** A creator's withdrawal: its money sits in payouts_in_flight until the provider settles it. */
export const payouts = pgTable(
  'payouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PAYOUT_STATES }).notNull().default('pending'),
    /** available -> in_flight, written with the row. */
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payouts_public_id_key').on(t.publicId),
    index('payouts_user_idx').on(t.userId, t.id),
    check('payouts_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * Purchases a refund or chargeback took back (refund rule, docs/decisions.md): one row per
 * purchase transfer, so it is handled once; `recovered` false when the creator's share had
 * already left the platform and the platform absorbed it.
 */
export const purchaseClawbacks = pgTable('purchase_clawbacks', {
  purchaseTransferId: bigint('purchase_transfer_id', { mode: 'number' })
    .primaryKey()
    .references(() => ledgerTransfers.id),
  checkoutId: integer('checkout_id')
    .notNull()
    .references(() => paymentCheckouts.id),
  /** The reversing transfer, when the money could be taken back. */
  reversalTransferId: bigint('reversal_transfer_id', { mode: 'number' }).references(
    () => ledgerTransfers.id,
  ),
  unrecoveredCents: bigint('unrecovered_cents', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
