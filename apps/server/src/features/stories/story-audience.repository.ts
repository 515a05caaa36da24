import { sql } from 'drizzle-orm';
import { storyWatches, users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';

/** Where a page of viewers continues: the last row's exact watch time and user id. */
export interface ViewerPosition {
  /** `watched_at` as PostgreSQL wrote it, to the microsecond (a JS Date keeps milliseconds). */
  watchedAt: string;
  userId: number;
}

export interface ViewerRow {
  id: number;
  slug: string;
  name: string;
  avatarKey: string | null;
  watchedAt: Date;
  /** The watch time to the microsecond, for the next page's position. */
  watchedAtExact: string;
}

/**
 * Who watched a story, newest watch first (ties by user id), from `after` on; `limit` rows.
 * The story's watches come from `story_watches_story_idx`; a story has one row per viewer.
 */
export async function listStoryViewers(
  db: DbOrTx,
  storyId: number,
  after: ViewerPosition | null,
  limit: number,
): Promise<ViewerRow[]> {
  const from = after
    ? sql`and (${storyWatches.watchedAt}, ${storyWatches.userId}) < (${after.watchedAt}::timestamptz, ${after.userId})`
    : sql``;
  const rows = await db
    .select({
      id: users.id,
      slug: users.slug,
      name: users.name,
      avatarKey: users.avatarKey,
      watchedAt: storyWatches.watchedAt,
      watchedAtExact: sql<string>`to_char(${storyWatches.watchedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(storyWatches)
    .innerJoin(users, sql`${users.id} = ${storyWatches.userId}`)
    .where(sql`${storyWatches.storyId} = ${storyId} ${from}`)
    .orderBy(sql`${storyWatches.watchedAt} desc, ${storyWatches.userId} desc`)
    .limit(limit);
  return rows;
}
