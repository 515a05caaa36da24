import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { accountTokens } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';

export type AccountTokenRow = typeof accountTokens.$inferSelect;
export type AccountTokenPurpose = AccountTokenRow['purpose'];

export async function insertAccountToken(
  db: DbOrTx,
  row: { userId: number; purpose: AccountTokenPurpose; expiresAt: Date; newEmail?: string },
): Promise<number> {
  const [inserted] = await db.insert(accountTokens).values(row).returning({ id: accountTokens.id });
  return inserted!.id;
}

export async function setTokenHash(db: DbOrTx, id: number, tokenHash: string): Promise<void> {
  await db.update(accountTokens).set({ tokenHash }).where(eq(accountTokens.id, id));
}

/** The token row by its hash; `lock` holds it until the transaction ends (one use wins). */
export async function findTokenByHash(
  db: DbOrTx,
  tokenHash: string,
  options: { lock?: boolean } = {},
): Promise<AccountTokenRow | undefined> {
  const query = db
    .select()
    .from(accountTokens)
    .where(eq(accountTokens.tokenHash, tokenHash))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function markTokenUsed(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(eq(accountTokens.id, id));
}

/**
 * Retires the user's unused tokens of these purposes (all but `exceptId`): a newer link, or a
 * change that makes them wrong (a new address), replaces them. A retired link answers
 * token_invalid, as a used one does.
 */
export async function retireTokens(
  db: DbOrTx,
  userId: number,
  purposes: AccountTokenPurpose[],
  exceptId?: number,
): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.userId, userId),
        inArray(accountTokens.purpose, purposes),
        isNull(accountTokens.usedAt),
        exceptId === undefined ? undefined : ne(accountTokens.id, exceptId),
      ),
    );
}
