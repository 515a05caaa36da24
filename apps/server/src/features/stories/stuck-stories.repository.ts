import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { stories } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';

/** Stories still processing `olderThanSeconds` after they were posted, oldest first. */
export async function findLongProcessingStoryIds(
  db: DbOrTx,
  olderThanSeconds: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: stories.id })
    .from(stories)
    .where(
      and(
        eq(stories.status, 'processing'),
        lt(stories.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
      ),
    )
    .orderBy(asc(stories.createdAt), asc(stories.id))
    .limit(limit);
  return rows.map((row) => row.id);
}
