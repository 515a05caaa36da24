import { and, eq, sql } from 'drizzle-orm';
import { stories, storyWatches, users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { prepared } from '../../platform/db/prepared.ts';

/**
 * The story rows chats show (stories posted into chats, the quotes of story replies, a
 * person's story ring), read on the shared schema: the stories feature sits above chats and
 * writes these rows; chats only reads them.
 */

const anyInt = (ids: number[]) => sql`any(${sql.param(ids)}::int[])`;

/** Stories by id with what a chat's story card shows of their creator (one query). */
export function findStoriesWithCreators(db: DbOrTx, ids: number[]) {
  return db
    .select({
      story: stories,
      creator: {
        id: users.id,
        name: users.name,
        slug: users.slug,
        avatarKey: users.avatarKey,
        verifyOndatoAt: users.verifyOndatoAt,
        subscribePriceCents: users.subscribePriceCents,
        lastSeenAt: users.lastSeenAt,
      },
    })
    .from(stories)
    .innerJoin(users, eq(users.id, stories.userId))
    .where(sql`${stories.id} = ${anyInt(ids)}`);
}

/** What a reply's quote needs of each story that still exists (one query). */
export function findQuotedStories(db: DbOrTx, ids: number[]) {
  return db
    .select({
      id: stories.id,
      isVideo: stories.isVideo,
      imageKey: stories.imageKey,
      posterKey: stories.posterKey,
    })
    .from(stories)
    .where(sql`${stories.id} = ${anyInt(ids)}`);
}

/** The ids of a creator's ready public stories: their story group (features/stories). */
export async function readyStoryIdsOf(db: DbOrTx, userId: number): Promise<number[]> {
  const query = prepared(db, 'chats_ready_story_ids', (d) =>
    d
      .select({ id: stories.id })
      .from(stories)
      .where(
        and(
          eq(stories.userId, sql.placeholder('userId')),
          eq(stories.status, 'ready'),
          eq(stories.audience, 'public'),
        ),
      )
      .prepare('chats_ready_story_ids'),
  );
  return (await query.execute({ userId })).map((row) => row.id);
}

/** Which of `storyIds` the user watched; no query for none. */
export async function watchedStoryIds(
  db: DbOrTx,
  userId: number,
  storyIds: number[],
): Promise<Set<number>> {
  if (storyIds.length === 0) return new Set();
  const query = prepared(db, 'chats_watched_story_ids', (d) =>
    d
      .select({ storyId: storyWatches.storyId })
      .from(storyWatches)
      .where(
        and(
          eq(storyWatches.userId, sql.placeholder('userId')),
          sql`${storyWatches.storyId} = any(${sql.placeholder('ids')}::int[])`,
        ),
      )
      .prepare('chats_watched_story_ids'),
  );
  const rows = await query.execute({ userId, ids: storyIds });
  return new Set(rows.map((row) => row.storyId));
}
