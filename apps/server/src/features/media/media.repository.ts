import { eq } from 'drizzle-orm';
import { mediaObjects } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';

export type MediaObjectRow = typeof mediaObjects.$inferSelect;

export async function insertMediaObject(
  db: DbOrTx,
  row: typeof mediaObjects.$inferInsert,
): Promise<void> {
  await db.insert(mediaObjects).values(row);
}

/** As `insertMediaObject`, but a row already there (a retried job's) is kept as it is. */
export async function insertMediaObjectOnce(
  db: DbOrTx,
  row: typeof mediaObjects.$inferInsert,
): Promise<void> {
  await db.insert(mediaObjects).values(row).onConflictDoNothing({ target: mediaObjects.key });
}

export async function findMediaObject(
  db: DbOrTx,
  key: string,
): Promise<MediaObjectRow | undefined> {
  const [row] = await db.select().from(mediaObjects).where(eq(mediaObjects.key, key)).limit(1);
  return row;
}

export async function deleteMediaObject(db: DbOrTx, key: string): Promise<void> {
  await db.delete(mediaObjects).where(eq(mediaObjects.key, key));
}

export async function mediaKeysOfStory(db: DbOrTx, storyId: number): Promise<string[]> {
  const rows = await db
    .select({ key: mediaObjects.key })
    .from(mediaObjects)
    .where(eq(mediaObjects.storyId, storyId));
  return rows.map((r) => r.key);
}

export async function deleteMediaRowsOfStory(db: DbOrTx, storyId: number): Promise<void> {
  await db.delete(mediaObjects).where(eq(mediaObjects.storyId, storyId));
}
