import { and, eq, gt, lt } from 'drizzle-orm';
import { sessions } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';

export async function insertSession(
  db: DbOrTx,
  row: { id: string; userId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(row);
}

export async function findLiveSession(db: DbOrTx, id: string) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row;
}

export async function extendSession(db: DbOrTx, id: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
}

export async function deleteSession(db: DbOrTx, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteExpiredSessions(db: DbOrTx): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
