import { and, eq, sql } from 'drizzle-orm';
import { payoutMethods, users } from '../../../db/schema/index.ts';
import type { DbOrTx, Tx } from '../../../platform/db/database.ts';

export type PayoutMethodRow = typeof payoutMethods.$inferSelect;

export async function findPayoutMethod(
  db: DbOrTx,
  userId: number,
): Promise<PayoutMethodRow | undefined> {
  const [row] = await db.select().from(payoutMethods).where(eq(payoutMethods.userId, userId));
  return row;
}

/** The creator's bank account, replacing whatever method was there (one method per creator). */
export async function saveBankAccount(
  tx: Tx,
  row: {
    userId: number;
    holderName: string;
    ibanEncrypted: string;
    ibanLast4: string;
    bic: string;
  },
): Promise<PayoutMethodRow> {
  const values = {
    ...row,
    kind: 'bank_account' as const,
    stripeAccountId: null,
    stripeReady: false,
    updatedAt: sql`now()`,
  };
  const [saved] = await tx
    .insert(payoutMethods)
    .values(values)
    .onConflictDoUpdate({ target: payoutMethods.userId, set: values })
    .returning();
  return saved!;
}

/**
 * The creator's Connect account, once Stripe made it. Keeps an account already recorded (a call
 * that lost a race to record one): the first one recorded is the creator's. `recorded` tells
 * whether this call wrote it.
 */
export async function saveStripeAccount(
  tx: Tx,
  userId: number,
  stripeAccountId: string,
): Promise<{ row: PayoutMethodRow; recorded: boolean }> {
  const values = {
    userId,
    kind: 'stripe_connect' as const,
    holderName: null,
    ibanEncrypted: null,
    ibanLast4: null,
    bic: null,
    stripeAccountId,
    stripeReady: false,
    updatedAt: sql`now()`,
  };
  const [saved] = await tx
    .insert(payoutMethods)
    .values(values)
    .onConflictDoUpdate({
      target: payoutMethods.userId,
      set: values,
      // Over a bank account (another provider's method), never over a recorded Connect account.
      setWhere: sql`${payoutMethods.kind} <> 'stripe_connect' or ${payoutMethods.stripeAccountId} is null`,
    })
    .returning();
  if (saved) return { row: saved, recorded: true };
  return { row: (await findPayoutMethod(tx, userId))!, recorded: false };
}

/** Stripe's word on whether the account can be paid; the row it changed, if any. */
export async function setStripeReady(
  tx: Tx,
  userId: number,
  stripeAccountId: string,
  ready: boolean,
): Promise<PayoutMethodRow | undefined> {
  const [row] = await tx
    .update(payoutMethods)
    .set({ stripeReady: ready, updatedAt: sql`now()` })
    .where(
      and(
        eq(payoutMethods.userId, userId),
        eq(payoutMethods.kind, 'stripe_connect'),
        eq(payoutMethods.stripeAccountId, stripeAccountId),
      ),
    )
    .returning();
  return row;
}

/** Who a notice goes to: the account's address and name. */
export async function recipientOf(
  db: DbOrTx,
  userId: number,
): Promise<{ email: string; name: string } | undefined> {
  const [row] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
