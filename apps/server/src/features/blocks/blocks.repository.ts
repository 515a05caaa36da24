import { and, desc, eq, or } from 'drizzle-orm';
import { userBlocks, users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';

export async function insertBlock(db: DbOrTx, blockerId: number, blockedId: number): Promise<void> {
  await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function deleteBlock(db: DbOrTx, blockerId: number, blockedId: number): Promise<void> {
  await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

/** The block rows between two users, in either direction (zero, one or two). */
export function blocksBetween(db: DbOrTx, userA: number, userB: number) {
  return db
    .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, userA), eq(userBlocks.blockedId, userB)),
        and(eq(userBlocks.blockerId, userB), eq(userBlocks.blockedId, userA)),
      ),
    );
}

/** Whom the user blocked, newest block first. */
export function listBlockedBy(db: DbOrTx, blockerId: number) {
  return db
    .select({
      id: users.id,
      name: users.name,
      slug: users.slug,
      avatarKey: users.avatarKey,
      blockedAt: userBlocks.createdAt,
    })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, blockerId))
    .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId));
}

export type BlockedRow = Awaited<ReturnType<typeof listBlockedBy>>[number];
