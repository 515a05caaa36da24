import { asc, eq } from 'drizzle-orm';
import { stories } from '../../../db/schema/index.ts';
import type { DbOrTx } from '../../../platform/db/database.ts';

/** Stories held for review, oldest first (the review list is worked from the front). */
export function heldStories(db: DbOrTx, limit: number) {
  return db
    .select({
      id: stories.id,
      userId: stories.userId,
      text: stories.text,
      isVideo: stories.isVideo,
      imageKey: stories.imageKey,
      mp4Key: stories.mp4Key,
      posterKey: stories.posterKey,
      createdAt: stories.createdAt,
    })
    .from(stories)
    .where(eq(stories.status, 'in_review'))
    .orderBy(asc(stories.createdAt), asc(stories.id))
    .limit(limit);
}

export async function heldStory(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: stories.id, userId: stories.userId, status: stories.status })
    .from(stories)
    .where(eq(stories.id, id));
  return row?.status === 'in_review' ? row : undefined;
}
