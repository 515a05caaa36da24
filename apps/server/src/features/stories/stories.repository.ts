import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { stories, storyUnlocks, storyWatches, users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { prepared } from '../../platform/db/prepared.ts';

export type StoryRow = typeof stories.$inferSelect;
export type NewStoryRow = typeof stories.$inferInsert;

export async function insertStory(db: DbOrTx, row: NewStoryRow): Promise<StoryRow> {
  const [inserted] = await db.insert(stories).values(row).returning();
  return inserted!;
}

export async function findStory(db: DbOrTx, id: number): Promise<StoryRow | undefined> {
  const [row] = await db.select().from(stories).where(eq(stories.id, id)).limit(1);
  return row;
}

/** Locks the row for the rest of the transaction (edits and processing never interleave). */
export async function findStoryForUpdate(db: DbOrTx, id: number): Promise<StoryRow | undefined> {
  const [row] = await db.select().from(stories).where(eq(stories.id, id)).for('update').limit(1);
  return row;
}

/**
 * A creator's ready public stories, oldest first (a story group; also the bench's baseline
 * SQL). Stories posted into chats are seen only from their messages.
 */
export function readyStoriesQuery(db: DbOrTx, userId: number | ReturnType<typeof sql.placeholder>) {
  return db
    .select()
    .from(stories)
    .where(
      and(eq(stories.userId, userId), eq(stories.status, 'ready'), eq(stories.audience, 'public')),
    )
    .orderBy(asc(stories.createdAt), asc(stories.id));
}

export function listReadyStoriesOf(db: DbOrTx, userId: number): Promise<StoryRow[]> {
  const query = prepared(db, 'stories_ready_of', (d) =>
    readyStoriesQuery(d, sql.placeholder('userId')).prepare('stories_ready_of'),
  );
  return query.execute({ userId });
}

/** The own-story menu: every public story of the user, processing and failed ones too. */
export function listAllStoriesOf(db: DbOrTx, userId: number): Promise<StoryRow[]> {
  return db
    .select()
    .from(stories)
    .where(and(eq(stories.userId, userId), eq(stories.audience, 'public')))
    .orderBy(desc(stories.createdAt), desc(stories.id));
}

export async function updateStory(
  db: DbOrTx,
  id: number,
  patch: Partial<NewStoryRow>,
): Promise<StoryRow | undefined> {
  const [row] = await db.update(stories).set(patch).where(eq(stories.id, id)).returning();
  return row;
}

export async function deleteStory(db: DbOrTx, id: number): Promise<void> {
  await db.delete(stories).where(eq(stories.id, id));
}

/** Which of `storyIds` the viewer has a row for in a per-viewer story table. */
function storyIdsMarkedByQuery(
  db: DbOrTx,
  table: typeof storyWatches | typeof storyUnlocks,
  userId: number | ReturnType<typeof sql.placeholder>,
  storyIds: number[] | ReturnType<typeof sql.placeholder>,
) {
  // `= any($n)`, not inArray: one statement for any number of ids (docs/footguns.md). An array
  // goes as one parameter (a bare array would be spread into a list).
  const ids = Array.isArray(storyIds) ? sql.param(storyIds) : storyIds;
  return db
    .select({ storyId: table.storyId })
    .from(table)
    .where(and(eq(table.userId, userId), sql`${table.storyId} = any(${ids}::int[])`));
}

async function storyIdsMarkedBy(
  db: DbOrTx,
  table: typeof storyWatches | typeof storyUnlocks,
  name: string,
  userId: number,
  storyIds: number[],
): Promise<Set<number>> {
  if (storyIds.length === 0) return new Set();
  const query = prepared(db, name, (d) =>
    storyIdsMarkedByQuery(d, table, sql.placeholder('userId'), sql.placeholder('ids')).prepare(
      name,
    ),
  );
  const rows = await query.execute({ userId, ids: storyIds });
  return new Set(rows.map((r) => r.storyId));
}

/** The watched-story lookup of a story group, as SQL (the bench's baseline runs it bare). */
export const watchedStoryIdsQuery = (db: DbOrTx, userId: number, storyIds: number[]) =>
  storyIdsMarkedByQuery(db, storyWatches, userId, storyIds);

export const watchedStoryIds = (db: DbOrTx, userId: number, storyIds: number[]) =>
  storyIdsMarkedBy(db, storyWatches, 'stories_watched_ids', userId, storyIds);

/** Records a watch once per viewer; the first one also counts a view. Returns true if new. */
export async function recordWatch(db: DbOrTx, userId: number, storyId: number): Promise<boolean> {
  const inserted = await db
    .insert(storyWatches)
    .values({ userId, storyId })
    .onConflictDoNothing()
    .returning();
  if (inserted.length === 0) return false;
  await db
    .update(stories)
    .set({ viewCount: sql`${stories.viewCount} + 1` })
    .where(eq(stories.id, storyId));
  return true;
}

export function listPurchases(db: DbOrTx, storyId: number) {
  return db
    .select({ username: users.name, priceCents: storyUnlocks.priceCents })
    .from(storyUnlocks)
    .innerJoin(users, eq(users.id, storyUnlocks.userId))
    .where(eq(storyUnlocks.storyId, storyId))
    .orderBy(desc(storyUnlocks.createdAt));
}
