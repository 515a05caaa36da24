import { and, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { copyrightNotices, stories, users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';

export type NoticeRow = typeof copyrightNotices.$inferSelect;
export type NoticeStatus = NoticeRow['status'];

/** Upheld notices: the ones that count as strikes against their creator. */
export const UPHELD_STATUSES: NoticeStatus[] = ['taken_down', 'countered', 'court_action'];

/** A story a notice may name: public now (ready), with its creator. */
export async function findPublicStory(
  db: DbOrTx,
  storyId: number,
): Promise<{ id: number; userId: number } | undefined> {
  const [row] = await db
    .select({ id: stories.id, userId: stories.userId })
    .from(stories)
    .where(and(eq(stories.id, storyId), eq(stories.status, 'ready')))
    .limit(1);
  return row;
}

export async function insertNotice(
  db: DbOrTx,
  values: typeof copyrightNotices.$inferInsert,
): Promise<NoticeRow> {
  const [row] = await db.insert(copyrightNotices).values(values).returning();
  return row!;
}

export async function setTokenHash(db: DbOrTx, id: number, hash: string): Promise<void> {
  await db
    .update(copyrightNotices)
    .set({ claimantTokenHash: hash })
    .where(eq(copyrightNotices.id, id));
}

export async function findNotice(db: DbOrTx, id: number): Promise<NoticeRow | undefined> {
  const [row] = await db.select().from(copyrightNotices).where(eq(copyrightNotices.id, id));
  return row;
}

/** The notice row, locked for a change of status (two decisions never race). */
export async function lockNotice(db: DbOrTx, id: number): Promise<NoticeRow | undefined> {
  const [row] = await db
    .select()
    .from(copyrightNotices)
    .where(eq(copyrightNotices.id, id))
    .for('update');
  return row;
}

export async function findByTokenHash(db: DbOrTx, hash: string): Promise<NoticeRow | undefined> {
  const [row] = await db
    .select()
    .from(copyrightNotices)
    .where(eq(copyrightNotices.claimantTokenHash, hash));
  return row;
}

export async function updateNotice(
  db: DbOrTx,
  id: number,
  changes: Partial<typeof copyrightNotices.$inferInsert>,
): Promise<NoticeRow> {
  const [row] = await db
    .update(copyrightNotices)
    .set(changes)
    .where(eq(copyrightNotices.id, id))
    .returning();
  return row!;
}

export async function noticesOfCreator(db: DbOrTx, creatorId: number): Promise<NoticeRow[]> {
  return db
    .select()
    .from(copyrightNotices)
    .where(eq(copyrightNotices.creatorId, creatorId))
    .orderBy(desc(copyrightNotices.createdAt), desc(copyrightNotices.id))
    .limit(200);
}

export async function countUpheld(db: DbOrTx, creatorId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(copyrightNotices)
    .where(
      and(
        eq(copyrightNotices.creatorId, creatorId),
        inArray(copyrightNotices.status, UPHELD_STATUSES),
      ),
    );
  return row?.count ?? 0;
}

/** Countered notices whose waiting time is over (the sweep restores their stories). */
export async function dueForRestore(db: DbOrTx, now: Date, limit: number): Promise<NoticeRow[]> {
  return db
    .select()
    .from(copyrightNotices)
    .where(
      and(
        eq(copyrightNotices.status, 'countered'),
        isNotNull(copyrightNotices.restoreAfter),
        lte(copyrightNotices.restoreAfter, now),
      ),
    )
    .orderBy(copyrightNotices.restoreAfter)
    .limit(limit);
}

export interface ConsoleNoticeRow {
  notice: NoticeRow;
  creator: { id: number; name: string; slug: string; avatarKey: string | null } | null;
}

export async function consoleNotices(
  db: DbOrTx,
  filter: { status?: NoticeStatus; creatorId?: number; limit: number },
): Promise<ConsoleNoticeRow[]> {
  const rows = await db
    .select({
      notice: copyrightNotices,
      creatorId: users.id,
      name: users.name,
      slug: users.slug,
      avatarKey: users.avatarKey,
    })
    .from(copyrightNotices)
    .leftJoin(users, eq(users.id, copyrightNotices.creatorId))
    .where(
      and(
        filter.status ? eq(copyrightNotices.status, filter.status) : undefined,
        filter.creatorId ? eq(copyrightNotices.creatorId, filter.creatorId) : undefined,
      ),
    )
    .orderBy(desc(copyrightNotices.createdAt), desc(copyrightNotices.id))
    .limit(filter.limit);
  return rows.map((row) => ({
    notice: row.notice,
    creator:
      row.creatorId === null
        ? null
        : { id: row.creatorId, name: row.name!, slug: row.slug!, avatarKey: row.avatarKey },
  }));
}
