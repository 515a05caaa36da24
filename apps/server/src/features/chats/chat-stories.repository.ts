import { eq, sql } from 'drizzle-orm';
import { stories, users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';

/**
 * The story rows chats show (stories posted into chats, the quotes of story replies), read on
 * the shared schema: the stories feature sits above chats and writes these rows; chats only
 * reads them.
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
        suspendedAt: users.suspendedAt,
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
