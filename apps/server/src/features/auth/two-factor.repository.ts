import { and, asc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import {
  authChallenges,
  passkeys,
  recoveryCodes,
  sessions,
  totpCredentials,
} from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengeRow = typeof authChallenges.$inferSelect;
export type ChallengePurpose = ChallengeRow['purpose'];

// Authenticator app.

export async function findTotp(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(totpCredentials).where(eq(totpCredentials.userId, userId));
  return row;
}

/** A new secret awaiting its first code; replaces an earlier setup that was never enabled. */
export async function saveTotpSetup(db: DbOrTx, userId: number, secretEncrypted: string) {
  await db
    .insert(totpCredentials)
    .values({ userId, secretEncrypted })
    .onConflictDoUpdate({
      target: totpCredentials.userId,
      set: { secretEncrypted, enabledAt: null, lastStep: null, createdAt: new Date() },
      where: isNull(totpCredentials.enabledAt),
    });
}

/**
 * Records `step` as the last accepted code's step, only if it is later than the last one: false
 * when another request used this step (or a later one) first, so a code works once. The first
 * accepted code of a setup also enables it.
 */
export async function claimTotpStep(db: DbOrTx, userId: number, step: number): Promise<boolean> {
  const claimed = await db
    .update(totpCredentials)
    .set({ lastStep: step, enabledAt: sql`coalesce(${totpCredentials.enabledAt}, now())` })
    .where(
      and(
        eq(totpCredentials.userId, userId),
        or(isNull(totpCredentials.lastStep), lt(totpCredentials.lastStep, step)),
      ),
    )
    .returning({ userId: totpCredentials.userId });
  return claimed.length === 1;
}

export async function deleteTotp(db: DbOrTx, userId: number): Promise<boolean> {
  const gone = await db
    .delete(totpCredentials)
    .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.enabledAt)))
    .returning({ userId: totpCredentials.userId });
  return gone.length === 1;
}

// Passkeys.

export async function listPasskeys(db: DbOrTx, userId: number): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
}

export async function findPasskeyByCredentialId(db: DbOrTx, credentialId: string) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

export async function insertPasskey(db: DbOrTx, row: typeof passkeys.$inferInsert) {
  const [inserted] = await db.insert(passkeys).values(row).returning();
  return inserted!;
}

/** Moves the signature counter forward and stamps the use. */
export async function recordPasskeyUse(db: DbOrTx, id: string, counter: number): Promise<void> {
  await db.update(passkeys).set({ counter, lastUsedAt: new Date() }).where(eq(passkeys.id, id));
}

export async function deletePasskey(db: DbOrTx, userId: number, id: string): Promise<boolean> {
  const gone = await db
    .delete(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
    .returning({ id: passkeys.id });
  return gone.length === 1;
}

export async function deleteAllPasskeys(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
}

// Recovery codes.

export async function replaceRecoveryCodes(db: DbOrTx, userId: number, hashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (hashes.length > 0)
    await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

export async function countRecoveryCodesLeft(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Marks an unused code used; false when it is not the account's or was used already. */
export async function useRecoveryCode(db: DbOrTx, userId: number, hash: string): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

// Challenges between two steps.

export async function insertChallenge(db: DbOrTx, row: typeof authChallenges.$inferInsert) {
  await db.insert(authChallenges).values(row);
}

export async function findLiveChallenge(db: DbOrTx, id: string, purpose: ChallengePurpose) {
  const [row] = await db
    .select()
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.id, id),
        eq(authChallenges.purpose, purpose),
        gt(authChallenges.expiresAt, sql`now()`),
      ),
    );
  return row;
}

export async function setWebauthnChallenge(db: DbOrTx, id: string, challenge: string) {
  await db
    .update(authChallenges)
    .set({ webauthnChallenge: challenge })
    .where(eq(authChallenges.id, id));
}

/** Counts a wrong answer; the new count. */
export async function bumpChallengeAttempts(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db
    .update(authChallenges)
    .set({ attempts: sql`${authChallenges.attempts} + 1` })
    .where(eq(authChallenges.id, id))
    .returning({ attempts: authChallenges.attempts });
  return row?.attempts ?? Number.POSITIVE_INFINITY;
}

/** Ends a challenge; false when it was already used (two answers raced). */
export async function deleteChallenge(db: DbOrTx, id: string): Promise<boolean> {
  const gone = await db
    .delete(authChallenges)
    .where(eq(authChallenges.id, id))
    .returning({ id: authChallenges.id });
  return gone.length === 1;
}

export async function deleteExpiredChallenges(db: DbOrTx): Promise<void> {
  await db.delete(authChallenges).where(lt(authChallenges.expiresAt, sql`now()`));
}

// The session's proof.

export async function markSessionSecondFactor(db: DbOrTx, sessionId: string, at: Date) {
  await db.update(sessions).set({ secondFactorAt: at }).where(eq(sessions.id, sessionId));
}
