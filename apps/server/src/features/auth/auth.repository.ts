import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { sessions } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { prepared } from '../../platform/db/prepared.ts';

export async function insertSession(
  db: DbOrTx,
  row: { id: string; userId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(row);
}

/** The session query every signed-in request runs first (also the bench's baseline SQL). */
export function liveSessionQuery(db: DbOrTx, id: string | ReturnType<typeof sql.placeholder>) {
  return db
    .select({ userId: sessions.userId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
}

export async function findLiveSession(db: DbOrTx, id: string) {
  const query = prepared(db, 'auth_live_session', (d) =>
    liveSessionQuery(d, sql.placeholder('id')).prepare('auth_live_session'),
  );
  const [row] = await query.execute({ id });
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
