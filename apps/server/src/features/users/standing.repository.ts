import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';

/**
 * An account's standing as moderation set it (issue 29, features/moderation/enforcement):
 * suspended (until a time, or for good) and payouts held. Only the writes live here; the access
 * module reads them where they hide an account, auth where they refuse a sign-in, money where
 * they stop renewals and payouts.
 */

/**
 * Suspends the account until `until` (null: for good), or changes the end of a suspension in
 * force; the start stays the first one's. Answers whether the account exists.
 */
export async function setSuspension(
  db: DbOrTx,
  userId: number,
  until: Date | null,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ suspendedAt: sql`coalesce(${users.suspendedAt}, now())`, suspendedUntil: until })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Lifts a suspension; answers whether one was in force. */
export async function clearSuspension(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ suspendedAt: null, suspendedUntil: null })
    .where(and(eq(users.id, userId), isNotNull(users.suspendedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Lifts a timed suspension whose end has passed (the sweep); a later re-suspension stays. */
export async function liftSuspensionIfOver(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ suspendedAt: null, suspendedUntil: null })
    .where(
      and(
        eq(users.id, userId),
        isNotNull(users.suspendedAt),
        lte(users.suspendedUntil, sql`now()`),
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Holds (since the first hold) or releases the account's payouts; answers whether it exists. */
export async function setPayoutsHeld(db: DbOrTx, userId: number, held: boolean): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ payoutsHeldAt: held ? sql`coalesce(${users.payoutsHeldAt}, now())` : null })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Accounts whose timed suspension is over (the partial index on suspended accounts serves it). */
export async function suspensionsOver(db: DbOrTx, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.suspendedAt), lte(users.suspendedUntil, sql`now()`)))
    .orderBy(users.suspendedUntil)
    .limit(limit);
  return rows.map((row) => row.id);
}
