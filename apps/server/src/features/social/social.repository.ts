import { and, eq } from 'drizzle-orm';
import { follows } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';

export async function insertFollow(
  db: DbOrTx,
  followerId: number,
  creatorId: number,
): Promise<void> {
  await db.insert(follows).values({ followerId, creatorId }).onConflictDoNothing();
}

export async function deleteFollow(
  db: DbOrTx,
  followerId: number,
  creatorId: number,
): Promise<void> {
  await db
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.creatorId, creatorId)));
}
