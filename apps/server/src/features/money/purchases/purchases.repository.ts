import { and, desc, eq, gt, gte, ne, sql } from 'drizzle-orm';
import {
  dmPurchases,
  ledgerTransfers,
  storyUnlocks,
  subscriptions,
  tipRequests,
  tips,
  users,
} from '../../../db/schema/index.ts';
import type { DbOrTx, Tx } from '../../../platform/db/database.ts';

/** What a purchase needs to know of the creator it pays. */
export function findCreator(db: DbOrTx, id: number) {
  return db
    .select({
      id: users.id,
      slug: users.slug,
      name: users.name,
      verifyOndatoAt: users.verifyOndatoAt,
      subscribePriceCents: users.subscribePriceCents,
      bundles: users.bundles,
      directMessagePriceCents: users.directMessagePriceCents,
      directMessageTurnOff: users.directMessageTurnOff,
    })
    .from(users)
    .where(eq(users.id, id))
    .then((rows) => rows[0]);
}
export type CreatorRow = NonNullable<Awaited<ReturnType<typeof findCreator>>>;

/**
 * Claims the unlock row before paying: a second unlock of the same story (another key, at the
 * same time) waits on the primary key and then finds it taken, so a story is paid for once.
 */
export async function claimUnlock(
  tx: Tx,
  row: { userId: number; storyId: number; priceCents: number },
): Promise<boolean> {
  const inserted = await tx
    .insert(storyUnlocks)
    .values(row)
    .onConflictDoNothing()
    .returning({ storyId: storyUnlocks.storyId });
  return inserted.length > 0;
}

export async function setUnlockTransfer(
  tx: Tx,
  userId: number,
  storyId: number,
  transferId: number,
): Promise<void> {
  await tx
    .update(storyUnlocks)
    .set({ transferId })
    .where(and(eq(storyUnlocks.userId, userId), eq(storyUnlocks.storyId, storyId)));
}

export async function insertTip(
  tx: Tx,
  row: {
    tipperId: number;
    creatorId: number;
    storyId: number | null;
    amountCents: number;
    message: string;
    transferId: number;
  },
): Promise<number> {
  const [inserted] = await tx.insert(tips).values(row).returning({ id: tips.id });
  return inserted!.id;
}

/** Tips on one story, newest first, with the tipper's name (story statistics). */
export function listStoryTips(db: DbOrTx, storyId: number) {
  return db
    .select({
      username: users.name,
      priceCents: tips.amountCents,
      title: sql<string | null>`nullif(${tips.message}, '')`,
    })
    .from(tips)
    .innerJoin(users, eq(users.id, tips.tipperId))
    .where(eq(tips.storyId, storyId))
    .orderBy(desc(tips.createdAt), desc(tips.id));
}

export async function insertTipRequest(
  tx: Tx,
  row: { requesterId: number; targetId: number; amountCents: number; message: string },
): Promise<number> {
  const [inserted] = await tx.insert(tipRequests).values(row).returning({ id: tipRequests.id });
  return inserted!.id;
}

/** A tip request, locked until the transaction ends (who may answer it is access's rule). */
export function lockTipRequest(tx: Tx, id: number) {
  return tx
    .select()
    .from(tipRequests)
    .where(eq(tipRequests.id, id))
    .for('update')
    .then((rows) => rows[0]);
}

export async function settleTipRequest(
  tx: Tx,
  id: number,
  outcome: { status: 'paid'; tipId: number } | { status: 'declined' },
): Promise<void> {
  await tx
    .update(tipRequests)
    .set({
      status: outcome.status,
      tipId: outcome.status === 'paid' ? outcome.tipId : null,
      settledAt: new Date(),
    })
    .where(eq(tipRequests.id, id));
}

export function listPendingTipRequests(db: DbOrTx, targetId: number) {
  return db
    .select({
      id: tipRequests.id,
      amountCents: tipRequests.amountCents,
      message: tipRequests.message,
      createdAt: tipRequests.createdAt,
      requesterId: users.id,
      requesterName: users.name,
      requesterSlug: users.slug,
      requesterAvatarKey: users.avatarKey,
    })
    .from(tipRequests)
    .innerJoin(users, eq(users.id, tipRequests.requesterId))
    .where(and(eq(tipRequests.targetId, targetId), eq(tipRequests.status, 'pending')))
    .orderBy(desc(tipRequests.createdAt), desc(tipRequests.id));
}

/** Claims the pair's DM purchase row before paying (as `claimUnlock`). */
export async function claimDmPurchase(
  tx: Tx,
  row: { buyerId: number; creatorId: number; priceCents: number },
): Promise<number | undefined> {
  const inserted = await tx
    .insert(dmPurchases)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: dmPurchases.id });
  return inserted[0]?.id;
}

export async function setDmPurchaseTransfer(tx: Tx, id: number, transferId: number) {
  await tx.update(dmPurchases).set({ transferId }).where(eq(dmPurchases.id, id));
}

// Subscriptions: one row per paid period (db/schema/purchases.ts).

/**
 * Serializes a subscriber's subscription purchases for the rest of the transaction, so two at
 * once (two keys, two tabs) extend one after the other instead of buying the same weeks twice.
 */
export async function lockSubscriber(tx: Tx, subscriberId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(20261, ${subscriberId})`);
}

/** When the pair's paid time ends (the latest active period), or undefined when none is active. */
export async function activeUntil(
  db: DbOrTx,
  subscriberId: number,
  creatorId: number,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ until: sql<string | null>`max(${subscriptions.expiresAt})` })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.subscriberId, subscriberId),
        eq(subscriptions.creatorId, creatorId),
        gt(subscriptions.expiresAt, sql`now()`),
      ),
    );
  return row?.until ? new Date(row.until) : undefined;
}

/**
 * Whether the pair has an active period of `months` paid at or after `since` (its transfer's
 * time): the purchase a concurrent or repeated subscribe request would duplicate.
 */
export async function paidPeriodSince(
  tx: Tx,
  pair: { subscriberId: number; creatorId: number; months: number },
  since: Date,
): Promise<boolean> {
  const rows = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, subscriptions.transferId))
    .where(
      and(
        eq(subscriptions.subscriberId, pair.subscriberId),
        eq(subscriptions.creatorId, pair.creatorId),
        eq(subscriptions.periodMonths, pair.months),
        gt(subscriptions.expiresAt, sql`now()`),
        gte(ledgerTransfers.createdAt, since),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Inserts a paid period of `months` from `startsAt` (months as PostgreSQL adds them). */
export async function insertPeriod(
  tx: Tx,
  row: {
    subscriberId: number;
    creatorId: number;
    startsAt: Date;
    periodMonths: number;
    priceCents: number;
    transferId: number | null;
  },
): Promise<number> {
  const [inserted] = await tx
    .insert(subscriptions)
    .values({
      ...row,
      expiresAt: sql`${row.startsAt.toISOString()}::timestamptz + make_interval(months => ${row.periodMonths}::int)`,
    })
    .returning({ id: subscriptions.id });
  return inserted!.id;
}

/** Periods of the pair not yet run out and not settled: the ones a renewal would follow. */
export async function stopRenewals(
  db: DbOrTx,
  subscriberId: number,
  creatorId: number,
): Promise<void> {
  await db
    .update(subscriptions)
    .set({ renews: false })
    .where(
      and(
        eq(subscriptions.subscriberId, subscriberId),
        eq(subscriptions.creatorId, creatorId),
        sql`${subscriptions.settledAt} is null`,
      ),
    );
}

/** The pair's latest period (ends last), if any. */
export function latestPeriod(db: DbOrTx, subscriberId: number, creatorId: number) {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.subscriberId, subscriberId), eq(subscriptions.creatorId, creatorId)),
    )
    .orderBy(desc(subscriptions.expiresAt), desc(subscriptions.id))
    .limit(1)
    .then((rows) => rows[0]);
}

/** People with an active subscription to the creator: since their earliest live period. */
export function activeSubscribers(db: DbOrTx, creatorId: number) {
  return db
    .select({
      id: users.id,
      name: users.name,
      slug: users.slug,
      avatarKey: users.avatarKey,
      since: sql<string>`min(${subscriptions.startsAt})`,
      expiresAt: sql<string>`max(${subscriptions.expiresAt})`,
      renews: sql<boolean>`bool_or(${subscriptions.renews})`,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.subscriberId))
    .where(and(eq(subscriptions.creatorId, creatorId), gt(subscriptions.expiresAt, sql`now()`)))
    .groupBy(users.id, users.name, users.slug, users.avatarKey)
    .orderBy(sql`min(${subscriptions.startsAt}) desc`);
}

/** Ids of periods that ran out and whose end was not dealt with yet. */
export async function duePeriodIds(db: DbOrTx, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(sql`${subscriptions.settledAt} is null`, sql`${subscriptions.expiresAt} <= now()`))
    .orderBy(subscriptions.expiresAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** A due period locked for this sweeper; undefined when another holds it or it is settled. */
export function lockDuePeriod(tx: Tx, id: number) {
  return tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), sql`${subscriptions.settledAt} is null`))
    .for('update', { skipLocked: true })
    .then((rows) => rows[0]);
}
export type PeriodRow = NonNullable<Awaited<ReturnType<typeof lockDuePeriod>>>;

/** Whether a period of the pair ends after `expiresAt` (bought in advance, or a renewal). */
export async function hasLaterPeriod(tx: Tx, period: PeriodRow): Promise<boolean> {
  const [row] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.subscriberId, period.subscriberId),
        eq(subscriptions.creatorId, period.creatorId),
        ne(subscriptions.id, period.id),
        // Compared with the stored value, not the JS Date read from it: PostgreSQL keeps
        // microseconds a Date drops, so the period itself would count as "later" than its copy.
        gt(
          subscriptions.expiresAt,
          sql`(select own.expires_at from subscriptions own where own.id = ${period.id})`,
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function settlePeriod(tx: Tx, id: number): Promise<void> {
  await tx.update(subscriptions).set({ settledAt: new Date() }).where(eq(subscriptions.id, id));
}

// Reversals: what a refunded or charged-back purchase loses (purchase-reversals.ts).

export async function deleteUnlockByTransfer(tx: Tx, transferId: number): Promise<void> {
  await tx.delete(storyUnlocks).where(eq(storyUnlocks.transferId, transferId));
}

/** Ends the period now (never before it started) without renewal. */
export async function endPeriodByTransfer(tx: Tx, transferId: number): Promise<void> {
  await tx
    .update(subscriptions)
    .set({
      expiresAt: sql`least(${subscriptions.expiresAt}, greatest(${subscriptions.startsAt}, now()))`,
      renews: false,
      settledAt: sql`coalesce(${subscriptions.settledAt}, now())`,
    })
    .where(eq(subscriptions.transferId, transferId));
}

export async function deleteDmPurchaseByTransfer(tx: Tx, transferId: number): Promise<void> {
  await tx.delete(dmPurchases).where(eq(dmPurchases.transferId, transferId));
}

export async function deleteTipByTransfer(tx: Tx, transferId: number): Promise<void> {
  await tx.delete(tips).where(eq(tips.transferId, transferId));
}
