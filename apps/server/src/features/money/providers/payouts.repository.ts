import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { payouts, users } from '../../../db/schema/index.ts';
import type { DbOrTx, Tx } from '../../../platform/db/database.ts';

export type PayoutRow = typeof payouts.$inferSelect;

export async function isVerified(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ at: users.verifyOndatoAt })
    .from(users)
    .where(eq(users.id, userId));
  return Boolean(row?.at);
}

/** Whether a moderator held the user's payouts or suspended the account (issue 29). */
export async function payoutsBlocked(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ held: users.payoutsHeldAt, suspended: users.suspendedAt })
    .from(users)
    .where(eq(users.id, userId));
  return Boolean(row?.held ?? row?.suspended);
}

export async function insertPayout(
  tx: Tx,
  row: Pick<
    PayoutRow,
    'publicId' | 'userId' | 'provider' | 'amountCents' | 'currency' | 'transferId'
  >,
): Promise<PayoutRow> {
  const [inserted] = await tx.insert(payouts).values(row).returning();
  return inserted!;
}

export async function findPayout(db: DbOrTx, id: number): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
  return row;
}

export async function lockPayoutByPublicId(
  tx: Tx,
  provider: string,
  publicId: string,
): Promise<PayoutRow | undefined> {
  const [row] = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.publicId, publicId), eq(payouts.provider, provider)))
    .for('update');
  return row;
}

export async function settle(tx: Tx, id: number, status: 'paid' | 'failed'): Promise<void> {
  await tx
    .update(payouts)
    .set({ status, settledAt: sql`now()` })
    .where(eq(payouts.id, id));
}

export async function setProviderRef(db: DbOrTx, id: number, providerRef: string): Promise<void> {
  await db
    .update(payouts)
    .set({ providerRef })
    .where(and(eq(payouts.id, id), isNull(payouts.providerRef)));
}

export async function payoutsOf(db: DbOrTx, userId: number, limit: number): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(eq(payouts.userId, userId))
    .orderBy(desc(payouts.id))
    .limit(limit);
}
