import { and, eq, isNull, sql } from 'drizzle-orm';
import { stories, userSubCategories, users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { countryParam, profileFactColumns, type ProfileFact } from '../access/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
type Placeholder = ReturnType<typeof sql.placeholder>;

export async function insertUser(db: DbOrTx, row: NewUserRow): Promise<UserRow> {
  const [inserted] = await db.insert(users).values(row).returning();
  return inserted!;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const query = prepared(db, 'users_by_id', (d) =>
    d
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .limit(1)
      .prepare('users_by_id'),
  );
  const [row] = await query.execute({ id });
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
  /** The parent's sexes: whether the choice applies to the user is decided from these. */
  forMale: boolean;
  forFemale: boolean;
  forTransgender: boolean;
}

/** Removes the user's choices under every parent category not in `keepParentIds`. */
export async function removeChosenCategoriesOutside(
  db: DbOrTx,
  userId: number,
  keepParentIds: number[],
): Promise<void> {
  await db
    .delete(userSubCategories)
    .where(
      and(
        eq(userSubCategories.userId, userId),
        sql`${userSubCategories.categoryId} <> all(${sql.param(keepParentIds)}::int[])`,
      ),
    );
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

// What a profile screen shows besides the user row, as subqueries of one statement: one round
// trip instead of four (issue 8). Written as SQL text because drizzle leaves columns unqualified
// in a single-table select, and these must tell their own tables from the outer "users" row.

/** The user's chosen sub-categories with their parents, in the parents' order, as JSON. */
const chosenCategories = sql<ChosenCategoryRow[]>`coalesce((
  select json_agg(json_build_object('id', sc.id, 'title', sc.title, 'colorCode', sc.color_code,
    'categoryId', uc.id, 'categoryTitle', uc.title, 'forMale', uc.for_male,
    'forFemale', uc.for_female, 'forTransgender', uc.for_transgender) order by uc.position)
  from user_sub_categories usc
  join sub_categories sc on sc.id = usc.sub_category_id
  join user_categories uc on uc.id = usc.category_id
  where usc.user_id = "users"."id"), '[]'::json)`;

const followerCount = sql<number>`(select count(*) from follows f where f.creator_id = "users"."id")::int`;

const activeSubscriberCount = sql<number>`(select count(distinct s.subscriber_id) from subscriptions s
  where s.creator_id = "users"."id" and s.expires_at > now())::int`;

export interface UserWithCounts {
  user: UserRow;
  categories: ChosenCategoryRow[];
  followers: number;
  subscribers: number;
}

/** The columns of a user shown with its categories and counts (own screen and profile). */
const userWithCountsColumns = {
  user: users,
  categories: chosenCategories,
  followers: followerCount,
  subscribers: activeSubscriberCount,
};

/**
 * The user's wallet balance in cents (0 before the first top-up): the ledger's wallet account
 * (money/wallet's `walletBalance` reads the same row), read here so the own screen stays one
 * statement and users need not import money, which sits above it.
 */
function walletBalanceCents(currency: string | Placeholder) {
  return sql<number>`coalesce((select la.balance_cents from ledger_accounts la
    where la.kind = 'wallet' and coalesce(la.owner_id, 0) = "users"."id"
      and la.currency = ${currency} and la.shard = 0), 0)::bigint`.mapWith(Number);
}

/** An authenticator app or a passkey protects the account (features/auth, two-factor). */
const twoFactorEnabled = sql<boolean>`(exists(select 1 from totp_credentials t
    where t.user_id = "users"."id" and t.enabled_at is not null)
  or exists(select 1 from passkeys p where p.user_id = "users"."id"))`;

/** The signed-in user's own screen in one statement (also the bench's baseline SQL). */
export function currentUserQuery(
  db: DbOrTx,
  id: number | Placeholder,
  currency: string | Placeholder,
) {
  return db
    .select({
      ...userWithCountsColumns,
      balanceCents: walletBalanceCents(currency),
      twoFactorEnabled,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
}

export async function findCurrentUser(
  db: DbOrTx,
  id: number,
  currency: string,
): Promise<(UserWithCounts & { balanceCents: number; twoFactorEnabled: boolean }) | undefined> {
  const query = prepared(db, 'users_current', (d) =>
    currentUserQuery(d, sql.placeholder('id'), sql.placeholder('currency')).prepare(
      'users_current',
    ),
  );
  const [row] = await query.execute({ id, currency });
  return row;
}

/**
 * A public profile in one statement: the row, its counts and the facts the access module decides
 * the viewer's view of it on (`profileFactColumns`: blocks, follow, subscription, the channel).
 */
export function profileBySlugQuery(
  db: DbOrTx,
  slug: string | Placeholder,
  viewerId: number | Placeholder,
) {
  return db
    .select({ ...userWithCountsColumns, access: profileFactColumns(viewerId) })
    .from(users)
    .where(eq(users.slug, slug))
    .limit(1);
}

export async function findProfileBySlug(
  db: DbOrTx,
  slug: string,
  viewerId: number,
): Promise<(UserWithCounts & { access: ProfileFact }) | undefined> {
  const query = prepared(db, 'users_profile_by_slug', (d) =>
    profileBySlugQuery(d, sql.placeholder('slug'), sql.placeholder('viewerId')).prepare(
      'users_profile_by_slug',
    ),
  );
  const [row] = await query.execute({ slug, viewerId, country: countryParam() });
  return row;
}

/**
 * A creator's ready public stories, each with whether `viewerId` watched it: what a companion
 * card shows about the creator's stories (read here, on the stories' tables, because users sits
 * below stories and chats).
 */
export async function readyStoriesWatchedBy(
  db: DbOrTx,
  creatorId: number,
  viewerId: number,
): Promise<Array<{ id: number; watched: boolean }>> {
  const query = prepared(db, 'users_ready_stories_watched', (d) =>
    d
      .select({
        id: stories.id,
        watched: sql<boolean>`exists (select 1 from story_watches w
          where w.story_id = "stories"."id" and w.user_id = ${sql.placeholder('viewerId')})`,
      })
      .from(stories)
      .where(
        and(
          eq(stories.userId, sql.placeholder('creatorId')),
          eq(stories.status, 'ready'),
          eq(stories.audience, 'public'),
        ),
      )
      .prepare('users_ready_stories_watched'),
  );
  return query.execute({ creatorId, viewerId });
}
