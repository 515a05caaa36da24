import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  users,
  verificationSessions,
  verificationWebhookEvents,
  type VerificationStatus,
} from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';

export type SessionRow = typeof verificationSessions.$inferSelect;

export async function latestSession(db: DbOrTx, userId: number): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationSessions)
    .where(eq(verificationSessions.userId, userId))
    .orderBy(desc(verificationSessions.createdAt), desc(verificationSessions.id))
    .limit(1);
  return row;
}

export async function sessionById(db: DbOrTx, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(verificationSessions).where(eq(verificationSessions.id, id));
  return row;
}

export async function insertSession(
  db: DbOrTx,
  row: { id: string; userId: number; provider: string; returnTo: string },
): Promise<void> {
  await db.insert(verificationSessions).values(row);
}

export async function recordProviderAnswer(
  db: DbOrTx,
  id: string,
  answer: { providerRef: string; redirectUrl: string },
): Promise<void> {
  await db
    .update(verificationSessions)
    .set({ ...answer, updatedAt: sql`now()` })
    .where(eq(verificationSessions.id, id));
}

export async function updateReturnTo(db: DbOrTx, id: string, returnTo: string): Promise<void> {
  await db
    .update(verificationSessions)
    .set({ returnTo, updatedAt: sql`now()` })
    .where(eq(verificationSessions.id, id));
}

/** The session a provider's reference names, locked for the rest of the transaction. */
export async function sessionByProviderRefForUpdate(
  tx: DbOrTx,
  provider: string,
  providerRef: string,
): Promise<SessionRow | undefined> {
  const [row] = await tx
    .select()
    .from(verificationSessions)
    .where(
      and(
        eq(verificationSessions.provider, provider),
        eq(verificationSessions.providerRef, providerRef),
      ),
    )
    .for('update');
  return row;
}

export async function setSessionStatus(
  tx: DbOrTx,
  id: string,
  status: VerificationStatus,
): Promise<void> {
  await tx
    .update(verificationSessions)
    .set({ status, decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(verificationSessions.id, id));
}

/** Claims a provider event; false when it was seen before (a retry, a duplicate). */
export async function claimEvent(
  tx: DbOrTx,
  event: { provider: string; eventId: string; sessionId: string | null },
): Promise<boolean> {
  const rows = await tx
    .insert(verificationWebhookEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ eventId: verificationWebhookEvents.eventId });
  return rows.length > 0;
}

/** Sets the verification date once; false when the user was verified already. */
export async function markVerified(tx: DbOrTx, userId: number): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ verifyOndatoAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.verifyOndatoAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function verifiedAt(db: DbOrTx, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: users.verifyOndatoAt })
    .from(users)
    .where(eq(users.id, userId));
  return row?.at ?? null;
}
