import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ledgerTransfers } from './ledger.ts';
import { stories } from './stories.ts';
import { users } from './users.ts';

/**
 * Domain rows of purchases (features/money/purchases). Each paid row is written in the transaction of
 * its ledger transfer and names it, so a refund finds the row to undo (purchase-reversals.ts).
 * Unlocks and subscriptions live beside stories and users (story_unlocks, subscriptions).
 */

/** A tip sent to a creator, optionally for one of their stories (story statistics, "Tips"). */
export const tips = pgTable(
  'tips',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tipperId: integer('tipper_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storyId: integer('story_id').references(() => stories.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    message: text('message').notNull().default(''),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tips_story_idx').on(t.storyId, t.createdAt),
    index('tips_creator_idx').on(t.creatorId, t.createdAt),
    uniqueIndex('tips_transfer_key').on(t.transferId),
    check('tips_amount_check', sql`${t.amountCents} > 0`),
  ],
);

export const TIP_REQUEST_STATUSES = ['pending', 'paid', 'declined'] as const;

/** A verified user asking another for a tip; the other pays it (a tip) or declines it. */
export const tipRequests = pgTable(
  'tip_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetId: integer('target_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    message: text('message').notNull().default(''),
    status: text('status', { enum: TIP_REQUEST_STATUSES }).notNull().default('pending'),
    /** The tip that paid it. */
    tipId: integer('tip_id').references(() => tips.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('tip_requests_target_idx')
      .on(t.targetId, t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('tip_requests_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** The right to message a creator who charges for direct messages; bought once per pair. */
export const dmPurchases = pgTable(
  'dm_purchases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dm_purchases_pair_key').on(t.buyerId, t.creatorId),
    uniqueIndex('dm_purchases_transfer_key').on(t.transferId),
    check('dm_purchases_price_check', sql`${t.priceCents} >= 0`),
  ],
);

/** One row per paid period; a subscription is active while now < expires_at. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Months this period paid for (1 or a bundle's period); a renewal repeats it. */
    periodMonths: integer('period_months').notNull().default(1),
    /** What the period cost the subscriber, in cents (0 for a seeded or free period). */
    priceCents: integer('price_cents').notNull().default(0),
    /** The ledger transfer that paid for it (features/money/purchases); null when nothing was paid. */
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    /** False once the subscriber cancelled: the period runs out and is not renewed. */
    renews: boolean('renews').notNull().default(true),
    /**
     * When the end of this period was dealt with: renewed into the next period, followed by a
     * period bought in advance, or ended. The renewal sweeper handles each period once.
     */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('subscriptions_creator_idx').on(t.creatorId, t.expiresAt),
    index('subscriptions_subscriber_idx').on(t.subscriberId, t.expiresAt),
    index('subscriptions_due_idx')
      .on(t.expiresAt)
      .where(sql`${t.settledAt} is null`),
    uniqueIndex('subscriptions_transfer_key').on(t.transferId),
    check('subscriptions_price_check', sql`${t.priceCents} >= 0`),
    check('subscriptions_period_check', sql`${t.periodMonths} between 1 and 12`),
  ],
);
