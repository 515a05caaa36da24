import { sql, type SQL } from 'drizzle-orm';
import {
  mediaObjects,
  stories,
  storyUnlocks,
  subscriptions,
  users,
} from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';

/** What every story rule needs: who owns it and whether it is ready. */
export interface StoryFact {
  id: number;
  ownerId: number;
  status: 'processing' | 'ready' | 'failed';
  priceCents: number | null;
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
}

export interface UserFact {
  id: number;
}

// One array parameter, not a list of parameters: `= any($1)` keeps the SQL text the same for
// any number of ids (and drizzle's inArray() breaks in prepared statements, see footguns).
const anyInt = (ids: number[]): SQL => sql`any(${sql.param(ids)}::int[])`;
const anyText = (ids: string[]): SQL => sql`any(${sql.param(ids)}::text[])`;

const storyColumns = {
  id: stories.id,
  ownerId: stories.userId,
  status: stories.status,
  priceCents: stories.priceCents,
};

/** Whether the viewer unlocked the story, or holds an active subscription to its creator. */
function paidColumns(viewer: number | null) {
  if (viewer === null) return { unlocked: sql<boolean>`false`, subscribed: sql<boolean>`false` };
  return {
    unlocked: sql<boolean>`exists (select 1 from ${storyUnlocks} where ${storyUnlocks.storyId} = ${stories.id} and ${storyUnlocks.userId} = ${viewer})`,
    subscribed: sql<boolean>`exists (select 1 from ${subscriptions} where ${subscriptions.creatorId} = ${stories.userId} and ${subscriptions.subscriberId} = ${viewer} and ${subscriptions.expiresAt} > now())`,
  };
}

export function storyFacts(db: DbOrTx, ids: number[]): Promise<StoryFact[]> {
  return db
    .select(storyColumns)
    .from(stories)
    .where(sql`${stories.id} = ${anyInt(ids)}`);
}

export function storyContentFacts(
  db: DbOrTx,
  viewer: number | null,
  ids: number[],
): Promise<StoryContentFact[]> {
  return db
    .select({ ...storyColumns, ...paidColumns(viewer) })
    .from(stories)
    .where(sql`${stories.id} = ${anyInt(ids)}`);
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
      ...paidColumns(viewer),
    })
    .from(mediaObjects)
    .leftJoin(stories, sql`${stories.id} = ${mediaObjects.storyId}`)
    .where(sql`${mediaObjects.key} = ${anyText(keys)}`);
  return rows.map((row) => ({
    key: row.key,
    ownerId: row.ownerId,
    kind: row.kind,
    story:
      row.storyId === null || row.storyOwnerId === null || row.status === null
        ? null
        : {
            id: row.storyId,
            ownerId: row.storyOwnerId,
            status: row.status,
            priceCents: row.priceCents,
            unlocked: row.unlocked,
            subscribed: row.subscribed,
          },
  }));
}

export function userFacts(db: DbOrTx, ids: number[]): Promise<UserFact[]> {
  return db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.id} = ${anyInt(ids)}`);
}
