import { requestCountry } from '../../platform/http/request-country.ts';
import { countryLiteral, geoBlocked } from './geo-blocked.ts';
import { sql, type SQL } from 'drizzle-orm';
import {
  mediaObjects,
  stories,
  storyUnlocks,
  subscriptions,
  userBlocks,
  users,
} from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { withStoryChats, type StoryAudienceFact } from './story-chats.repository.ts';

/**
 * What every story rule needs: who owns it, whether it is ready, where it may be seen (public,
 * or through the chats it was posted into) and whether the owner blocked the viewer.
 */
export interface StoryFact extends StoryAudienceFact {
  ownerId: number;
  status: 'processing' | 'ready' | 'failed' | 'in_review' | 'taken_down';
  priceCents: number | null;
  ownerBlocksViewer: boolean;
  /** The owner asked to delete the account (or it was erased) or is suspended: hidden from all but the owner. */
  ownerHidden: boolean;
  /**
   * The viewer is a moderator or an admin in good standing (issue 29): they may read any story,
   * taken down or in review included, to judge it. Absent means no.
   */
  viewerIsStaff?: boolean;
}

/** A story's facts plus what the viewer paid for: an unlock of it or a live subscription. */
export interface StoryContentFact extends StoryFact {
  unlocked: boolean;
  subscribed: boolean;
}

export interface MediaFact {
  key: string;
  ownerId: number;
  kind: string;
  /** The story the blob belongs to, when it is story media and the story still exists. */
  story: StoryContentFact | null;
  /** The chat of the message whose recording the blob is (a voice message), if any. */
  audioChatId: number | null;
}

export interface UserFact {
  id: number;
  /** The user blocked the viewer (features/blocks): they are hidden from the viewer. */
  blocksViewer: boolean;
  /**
   * The user asked to delete the account, or it was erased (features/account-deletion): hidden
   * from everyone but themselves.
   */
  accountHidden: boolean;
}

// One array parameter, not a list of parameters: `= any($1)` keeps the SQL text the same for
// any number of ids (and drizzle's inArray() breaks in prepared statements, see footguns).
const anyInt = (ids: number[]): SQL => sql`any(${sql.param(ids)}::int[])`;
const anyText = (ids: string[]): SQL => sql`any(${sql.param(ids)}::text[])`;

/**
 * Whether `blocker` (a qualified column: drizzle leaves a single table's columns unqualified, see
 * footguns) blocked the viewer (features/blocks); nobody blocks an anonymous viewer.
 */
function blockedViewer(
  blocker: SQL,
  viewer: number | SQL | null,
  country: SQL = countryLiteral(),
): SQL<boolean> {
  const geo = geoBlocked(blocker, viewer ?? 0, country);
  if (viewer === null) return geo;
  return sql<boolean>`(exists (select 1 from ${userBlocks} b where b.blocker_id = ${blocker} and b.blocked_id = ${viewer}) or ${geo})`;
}

/**
 * Whether the account whose id is `userId` (a qualified column) is hidden: its owner asked to
 * delete it, or it was erased (`users.deletion_requested_at` stays set; features/account-deletion),
 * or a moderator suspended it (`users.suspended_at`, issue 29).
 */
function accountHidden(userId: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${users} h where h.id = ${userId} and (h.deletion_requested_at is not null or h.suspended_at is not null))`;
}

/** Whether the viewer is staff in good standing (the role is read only in access). */
function staffViewer(viewer: number | SQL | null): SQL<boolean> {
  if (viewer === null) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from ${users} v where v.id = ${viewer}
    and v.role in ('moderator', 'admin') and v.suspended_at is null)`;
}

function storyColumns(viewer: number | SQL | null, country?: SQL) {
  return {
    id: stories.id,
    ownerId: stories.userId,
    status: stories.status,
    priceCents: stories.priceCents,
    audience: stories.audience,
    ownerBlocksViewer: blockedViewer(sql`"stories"."user_id"`, viewer, country),
    ownerHidden: accountHidden(sql`"stories"."user_id"`),
    viewerIsStaff: staffViewer(viewer),
  };
}

/** Whether the viewer unlocked the story, or holds an active subscription to its creator. */
function paidColumns(viewer: number | SQL | null) {
  if (viewer === null) return { unlocked: sql<boolean>`false`, subscribed: sql<boolean>`false` };
  return {
    unlocked: sql<boolean>`exists (select 1 from ${storyUnlocks} where ${storyUnlocks.storyId} = ${stories.id} and ${storyUnlocks.userId} = ${viewer})`,
    subscribed: sql<boolean>`exists (select 1 from ${subscriptions} where ${subscriptions.creatorId} = ${stories.userId} and ${subscriptions.subscriberId} = ${viewer} and ${subscriptions.expiresAt} > now())`,
  };
}

// Story facts are read on every story request: prepared once per handle (platform/db/prepared.ts).
const idsPlaceholder = sql`any(${sql.placeholder('ids')}::int[])`;
const viewerPlaceholder = sql`${sql.placeholder('viewer')}::int`;
const countryPlaceholder = sql`${sql.placeholder('country')}::text`;
/** The `country` placeholder's value for the current request. */
const countryParam = (): string => requestCountry() ?? '';

export async function storyFacts(
  db: DbOrTx,
  viewer: number | null,
  ids: number[],
): Promise<StoryFact[]> {
  const query = prepared(db, 'access_story_facts', (d) =>
    d
      .select(storyColumns(viewerPlaceholder, countryPlaceholder))
      .from(stories)
      .where(sql`${stories.id} = ${idsPlaceholder}`)
      .prepare('access_story_facts'),
  );
  // No user has id 0, so nobody blocks an anonymous viewer.
  return withStoryChats(
    db,
    viewer,
    await query.execute({ ids, viewer: viewer ?? 0, country: countryParam() }),
  );
}

/** Built with placeholders `ids` and `viewer`; exported so benchmarks run the very same SQL. */
export function storyContentFactsQuery(db: DbOrTx) {
  return db
    .select({
      ...storyColumns(viewerPlaceholder, countryPlaceholder),
      ...paidColumns(viewerPlaceholder),
    })
    .from(stories)
    .where(sql`${stories.id} = ${idsPlaceholder}`);
}

export async function storyContentFacts(
  db: DbOrTx,
  viewer: number | null,
  ids: number[],
): Promise<StoryContentFact[]> {
  if (viewer === null) {
    const rows = await db
      .select({ ...storyColumns(null), ...paidColumns(null) })
      .from(stories)
      .where(sql`${stories.id} = ${anyInt(ids)}`);
    return withStoryChats(db, viewer, rows);
  }
  const query = prepared(db, 'access_story_content_facts', (d) =>
    storyContentFactsQuery(d).prepare('access_story_content_facts'),
  );
  return withStoryChats(db, viewer, await query.execute({ ids, viewer, country: countryParam() }));
}

export async function mediaFacts(
  db: DbOrTx,
  viewer: number | null,
  keys: string[],
): Promise<MediaFact[]> {
  const rows = await db
    .select({
      key: mediaObjects.key,
      ownerId: mediaObjects.ownerId,
      kind: mediaObjects.kind,
      storyId: stories.id,
      storyOwnerId: stories.userId,
      status: stories.status,
      priceCents: stories.priceCents,
      audience: stories.audience,
      ownerBlocksViewer: blockedViewer(sql`"stories"."user_id"`, viewer),
      ownerHidden: accountHidden(sql`"stories"."user_id"`),
      viewerIsStaff: staffViewer(viewer),
      ...paidColumns(viewer),
      audioChatId: sql<
        number | null
      >`(select m.chat_id from messages m where m.audio_key = ${mediaObjects.key}
          and m.taken_down_at is null limit 1)`,
    })
    .from(mediaObjects)
    .leftJoin(stories, sql`${stories.id} = ${mediaObjects.storyId}`)
    .where(sql`${mediaObjects.key} = ${anyText(keys)}`);
  const storyRows = rows.flatMap((row) =>
    row.storyId === null || row.storyOwnerId === null || row.status === null || !row.audience
      ? []
      : [
          {
            id: row.storyId,
            ownerId: row.storyOwnerId,
            status: row.status,
            priceCents: row.priceCents,
            audience: row.audience,
            ownerBlocksViewer: row.ownerBlocksViewer,
            ownerHidden: row.ownerHidden ?? false,
            viewerIsStaff: row.viewerIsStaff,
            unlocked: row.unlocked,
            subscribed: row.subscribed,
          },
        ],
  );
  const storiesById = new Map(
    (await withStoryChats(db, viewer, storyRows)).map((story) => [story.id, story]),
  );
  return rows.map((row) => ({
    key: row.key,
    ownerId: row.ownerId,
    kind: row.kind,
    audioChatId: row.audioChatId === null ? null : Number(row.audioChatId),
    story: (row.storyId !== null && storiesById.get(row.storyId)) || null,
  }));
}

/** The outer users row is a hidden account (see `accountHidden`). */
const hiddenUser = sql<boolean>`("users"."deletion_requested_at" is not null or "users"."suspended_at" is not null)`;

/** Built with placeholders `ids` and `viewer`; exported so benchmarks run the very same SQL. */
export function userFactsQuery(db: DbOrTx) {
  return db
    .select({
      id: users.id,
      blocksViewer: blockedViewer(sql`"users"."id"`, viewerPlaceholder, countryPlaceholder),
      accountHidden: hiddenUser,
    })
    .from(users)
    .where(sql`${users.id} = ${idsPlaceholder}`);
}

export function userFacts(db: DbOrTx, viewer: number | null, ids: number[]): Promise<UserFact[]> {
  const query = prepared(db, 'access_user_facts', (d) =>
    userFactsQuery(d).prepare('access_user_facts'),
  );
  return query.execute({ ids, viewer: viewer ?? 0, country: countryParam() });
}

/** `user.view`'s facts, and whether the viewer blocked the user (follow, subscribe). */
export interface RelationFact extends UserFact {
  blockedByViewer: boolean;
}

export function relationFacts(
  db: DbOrTx,
  viewer: number | null,
  ids: number[],
): Promise<RelationFact[]> {
  const query = prepared(db, 'access_relation_facts', (d) =>
    d
      .select({
        id: users.id,
        blocksViewer: blockedViewer(sql`"users"."id"`, viewerPlaceholder, countryPlaceholder),
        accountHidden: hiddenUser,
        blockedByViewer: sql<boolean>`exists (select 1 from ${userBlocks} b where b.blocker_id = ${viewerPlaceholder} and b.blocked_id = "users"."id")`,
      })
      .from(users)
      .where(sql`${users.id} = ${idsPlaceholder}`)
      .prepare('access_relation_facts'),
  );
  return query.execute({ ids, viewer: viewer ?? 0, country: countryParam() });
}
