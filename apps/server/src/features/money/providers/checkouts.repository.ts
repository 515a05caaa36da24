import { and, eq, or, sql } from 'drizzle-orm';
import { paymentCheckouts } from '../../../db/schema/index.ts';
import type { DbOrTx, Tx } from '../../../platform/db/database.ts';

export type CheckoutRow = typeof paymentCheckouts.$inferSelect;

export async function insertCheckout(
  db: DbOrTx,
  row: Pick<
    CheckoutRow,
    'publicId' | 'userId' | 'provider' | 'amountCents' | 'currency' | 'returnTo'
  >,
): Promise<CheckoutRow> {
  const [inserted] = await db.insert(paymentCheckouts).values(row).returning();
  return inserted!;
}

export async function setProviderRef(db: DbOrTx, id: number, providerRef: string): Promise<void> {
  await db.update(paymentCheckouts).set({ providerRef }).where(eq(paymentCheckouts.id, id));
}

export async function findByPublicId(
  db: DbOrTx,
  publicId: string,
): Promise<CheckoutRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentCheckouts)
    .where(eq(paymentCheckouts.publicId, publicId));
  return row;
}

/**
 * The checkout an event names, locked: every event about one checkout is applied one at a
 * time (a refund racing its payment's success waits for it).
 */
export async function lockCheckout(
  tx: Tx,
  provider: string,
  ref: { checkoutId?: string | undefined; paymentRef?: string | undefined },
): Promise<CheckoutRow | undefined> {
  const conditions = [];
  if (ref.checkoutId) conditions.push(eq(paymentCheckouts.publicId, ref.checkoutId));
  if (ref.paymentRef) conditions.push(eq(paymentCheckouts.paymentRef, ref.paymentRef));
  if (conditions.length === 0) return undefined;
  const [row] = await tx
    .select()
    .from(paymentCheckouts)
    .where(and(eq(paymentCheckouts.provider, provider), or(...conditions)))
    .limit(1)
    .for('update');
  return row;
}

export async function markPaid(
  tx: Tx,
  id: number,
  topUpTransferId: number,
  paymentRef: string | undefined,
): Promise<void> {
  await tx
    .update(paymentCheckouts)
    .set({
      status: 'paid',
      topUpTransferId,
      completedAt: sql`now()`,
      ...(paymentRef ? { paymentRef } : {}),
    })
    .where(eq(paymentCheckouts.id, id));
}

export async function markFailed(tx: Tx, id: number): Promise<void> {
  await tx
    .update(paymentCheckouts)
    .set({ status: 'failed', completedAt: sql`now()` })
    .where(and(eq(paymentCheckouts.id, id), eq(paymentCheckouts.status, 'pending')));
}

export async function addReversal(
  tx: Tx,
  id: number,
  reversedCents: number,
  unrecoveredCents: number,
): Promise<void> {
  await tx
    .update(paymentCheckouts)
    .set({
      reversedCents: sql`${paymentCheckouts.reversedCents} + ${reversedCents}`,
      unrecoveredCents: sql`${paymentCheckouts.unrecoveredCents} + ${unrecoveredCents}`,
    })
    .where(eq(paymentCheckouts.id, id));
}

/**
 * The sandbox page's button: records the outcome once. Answers the outcome that stands (the
 * one just recorded, or an earlier one), or undefined for no such sandbox checkout.
 */
export async function recordSandboxOutcome(
  db: DbOrTx,
  publicId: string,
  outcome: 'success' | 'fail',
): Promise<CheckoutRow | undefined> {
  const [updated] = await db
    .update(paymentCheckouts)
    .set({ sandboxOutcome: outcome })
    .where(
      and(
        eq(paymentCheckouts.publicId, publicId),
        eq(paymentCheckouts.provider, 'sandbox'),
        sql`${paymentCheckouts.sandboxOutcome} is null`,
      ),
    )
    .returning();
  if (updated) return updated;
  const existing = await findByPublicId(db, publicId);
  return existing?.provider === 'sandbox' ? existing : undefined;
}
