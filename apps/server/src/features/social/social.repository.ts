import { and, eq, or } from 'drizzle-orm';
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

/** Removes the follows between two users, in both directions. */
export async function deleteFollowsBetween(
  db: DbOrTx,
  userA: number,
  userB: number,
): Promise<void> {
  await db
    .delete(follows)
    .where(
      or(
        and(eq(follows.followerId, userA), eq(follows.creatorId, userB)),
        and(eq(follows.followerId, userB), eq(follows.creatorId, userA)),
      ),
    );
}
