import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  follows,
  subCategories,
  subscriptions,
  userCategories,
  userSubCategories,
  users,
} from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export async function insertUser(db: DbOrTx, row: NewUserRow): Promise<UserRow> {
  const [inserted] = await db.insert(users).values(row).returning();
  return inserted!;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Reads the user and locks the row until the transaction ends, so two writers take turns. */
export async function lockUser(tx: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/**
 * Sets the avatar thumbnail only while `sourceKey` is still the avatar and has none yet: a
 * thumbnail finished after the avatar was replaced must not be attached to the new one.
 */
export async function setAvatarThumbIfCurrent(
  db: DbOrTx,
  userId: number,
  sourceKey: string,
  thumbKey: string,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ avatarThumbKey: thumbKey, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.avatarKey, sourceKey), isNull(users.avatarThumbKey)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function findUserBySlug(db: DbOrTx, slug: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.slug, slug)).limit(1);
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function slugExists(db: DbOrTx, slug: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.slug, slug)).limit(1);
  return row !== undefined;
}

export async function updateUser(
  db: DbOrTx,
  id: number,
  patch: Partial<NewUserRow>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

export interface ChosenCategoryRow {
  id: number;
  title: string;
  colorCode: string | null;
  categoryId: number;
  categoryTitle: string;
}

export async function listChosenCategories(
  db: DbOrTx,
  userId: number,
): Promise<ChosenCategoryRow[]> {
  return db
    .select({
      id: subCategories.id,
      title: subCategories.title,
      colorCode: subCategories.colorCode,
      categoryId: userCategories.id,
      categoryTitle: userCategories.title,
    })
    .from(userSubCategories)
    .innerJoin(subCategories, eq(subCategories.id, userSubCategories.subCategoryId))
    .innerJoin(userCategories, eq(userCategories.id, userSubCategories.categoryId))
    .where(eq(userSubCategories.userId, userId))
    .orderBy(asc(userCategories.position));
}

/** Replaces the user's chosen sub-categories; the caller has checked one per parent. */
export async function replaceChosenCategories(
  db: DbOrTx,
  userId: number,
  chosen: { categoryId: number; subCategoryId: number }[],
): Promise<void> {
  await db.delete(userSubCategories).where(eq(userSubCategories.userId, userId));
  if (chosen.length === 0) return;
  await db.insert(userSubCategories).values(chosen.map((c) => ({ userId, ...c })));
}

export async function countFollowers(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(follows).where(eq(follows.creatorId, userId));
  return row?.n ?? 0;
}

export async function countActiveSubscribers(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${subscriptions.subscriberId})::int` })
    .from(subscriptions)
    .where(and(eq(subscriptions.creatorId, userId), gt(subscriptions.expiresAt, new Date())));
  return row?.n ?? 0;
}

export async function hasActiveSubscription(
  db: DbOrTx,
  subscriberId: number,
  creatorId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.subscriberId, subscriberId),
        eq(subscriptions.creatorId, creatorId),
        gt(subscriptions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function isFollowedBy(
  db: DbOrTx,
  userId: number,
  followerId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: follows.creatorId })
    .from(follows)
    .where(and(eq(follows.creatorId, userId), eq(follows.followerId, followerId)))
    .limit(1);
  return row !== undefined;
}
