import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { sessions } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { prepared } from '../../platform/db/prepared.ts';

export interface NewSessionRow {
  id: string;
  userId: number;
  expiresAt: Date;
  userAgent: string | null;
  lastIp: string | null;
  place: string | null;
  /** Set when the sign-in itself proved a second factor (its second step, or a passkey). */
  secondFactorAt?: Date;
}

export async function insertSession(db: DbOrTx, row: NewSessionRow): Promise<void> {
  await db.insert(sessions).values(row);
}

/** The session query every signed-in request runs first (also the bench's baseline SQL). */
export function liveSessionQuery(db: DbOrTx, id: string | ReturnType<typeof sql.placeholder>) {
  return db
    .select({
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      lastUsedAt: sessions.lastUsedAt,
      lastIp: sessions.lastIp,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, id),
        gt(sessions.expiresAt, sql`now()`),
        // A suspended account's sessions are deleted; one a racing sign-in made counts as none.
        sql`not exists (select 1 from users u where u.id = ${sessions.userId} and u.suspended_at is not null)`,
      ),
    )
    .limit(1);
}

export async function findLiveSession(db: DbOrTx, id: string) {
  const query = prepared(db, 'auth_live_session', (d) =>
    liveSessionQuery(d, sql.placeholder('id')).prepare('auth_live_session'),
  );
  const [row] = await query.execute({ id });
  return row;
}

/** Records a use of the session: when, from where, and a later expiry when it is renewed. */
export async function touchSession(
  db: DbOrTx,
  id: string,
  use: { lastUsedAt: Date; lastIp?: string; place?: string | null; expiresAt?: Date },
): Promise<void> {
  await db.update(sessions).set(use).where(eq(sessions.id, id));
}

export async function deleteSession(db: DbOrTx, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteExpiredSessions(db: DbOrTx): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

/** The user's live sessions, the most recently used first. */
export async function listLiveSessions(db: DbOrTx, userId: number) {
  return db
    .select({
      id: sessions.id,
      publicId: sessions.publicId,
      userAgent: sessions.userAgent,
      place: sessions.place,
      lastUsedAt: sessions.lastUsedAt,
      createdAt: sessions.createdAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
}

/** Ends one of the user's sessions by the id the list shows; answers its key, if it was theirs. */
export async function deleteSessionByPublicId(
  db: DbOrTx,
  userId: number,
  publicId: string,
): Promise<string | undefined> {
  const [row] = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ id: sessions.id });
  return row?.id;
}

/** Ends every session of the user, or every one but `keepId`; answers the keys it ended. */
export async function deleteSessionsOfUser(
  db: DbOrTx,
  userId: number,
  keepId?: string,
): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(
      keepId === undefined
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.id, keepId)),
    )
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}
