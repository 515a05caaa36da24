import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { HomeItem } from '@glimpse/contract';
import { stories, storyWatches, userBlocks, users } from '../../db/schema/index.ts';
import { startTestServer, type Client, type TestServer } from '../../test/harness.ts';
import { birthdateYearsAgo, signedUpUser } from '../../test/factories.ts';
import { seedCreator } from '../../test/creators.ts';
import {
  blockedEitherWay,
  referenceHomeOrder,
  type ReferenceBlock,
  type ReferenceStory,
} from './test/home-reference.ts';

/**
 * "Has unwatched stories" and Discover's order against an in-memory model, through every write
 * that moves them (issue 30): stories posted (ready or still processing, public or chat-only),
 * made ready, taken down, restored, deleted; watches recorded (by the route and directly, also
 * of stories that are not listed) and removed; blocks both ways; a viewer's account deleted.
 * Discover reads a maintained tally (story_watch_tallies) instead of probing stories, so after
 * every few steps the tally must equal its definition recomputed from scratch, and every page
 * of Discover must be the model's.
 */

let server: TestServer;
let viewer: Client;
let viewerId: number;
let other: Client;
let otherId: number;
const creators: number[] = [];
const orders = new Map<number, number>();
const model = new Map<number, ReferenceStory>();
const watches = new Set<string>();
const blocks: ReferenceBlock[] = [];
let clock = Date.UTC(2026, 0, 1);

/** Deterministic pseudo-random numbers so a failure reproduces. */
function rng(seed: number) {
  let a = seed;
  return () => (a = (a * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
}

beforeAll(async () => {
  server = await startTestServer();
  ({
    client: viewer,
    user: { id: viewerId },
  } = await signedUpUser(server));
  ({
    client: other,
    user: { id: otherId },
  } = await signedUpUser(server));
  for (let i = 0; i < 9; i++) {
    const order = i % 4 === 0 ? 5 : 0;
    const created = await seedCreator(server, {
      sex: 'female',
      birthdate: birthdateYearsAgo(30),
      countryCode: 'de',
      tagIds: [],
      subCategoryIds: [],
      readyStories: 0,
      order,
    });
    creators.push(created.id);
    orders.set(created.id, order);
  }
});
afterAll(async () => {
  await server?.stop();
});

async function post(
  creatorId: number,
  status: ReferenceStory['status'],
  audience: ReferenceStory['audience'],
): Promise<void> {
  clock += 60_000;
  const [row] = await server.ctx.db
    .insert(stories)
    .values({
      userId: creatorId,
      isVideo: false,
      status,
      audience,
      sourceKey: `unwatched-${clock}`,
      sourceContentType: 'image/jpeg',
      createdAt: new Date(clock),
    })
    .returning({ id: stories.id });
  model.set(row!.id, { id: row!.id, creatorId, status, audience, createdAt: clock });
}

async function setStatus(storyId: number, status: ReferenceStory['status']): Promise<void> {
  await server.ctx.db.update(stories).set({ status }).where(eq(stories.id, storyId));
  model.get(storyId)!.status = status;
}

async function watchDirectly(userId: number, storyId: number): Promise<void> {
  await server.ctx.db.insert(storyWatches).values({ userId, storyId }).onConflictDoNothing();
  watches.add(`${userId}:${storyId}`);
}

async function unwatch(userId: number, storyId: number): Promise<void> {
  await server.ctx.db
    .delete(storyWatches)
    .where(and(eq(storyWatches.userId, userId), eq(storyWatches.storyId, storyId)));
  watches.delete(`${userId}:${storyId}`);
}

/** Every page of Discover, small pages so the editorial groups and offsets are crossed. */
async function discover(client: Client): Promise<[number, boolean][]> {
  const items: [number, boolean][] = [];
  for (let page = 1; page < 50; page++) {
    const response = await client.get(`/api/home/stories/discover?page=${page}&limit=2`);
    expect(response.statusCode, response.body).toBe(200);
    const batch = response.json<HomeItem[]>();
    items.push(...batch.map((item): [number, boolean] => [item.id, item.hasNotWatchedStories]));
    if (batch.length < 2) break;
  }
  return items;
}

function expected(forViewer: number): [number, boolean][] {
  return referenceHomeOrder(
    creators
      .filter((id) => !blockedEitherWay(id, forViewer, blocks))
      .map((id) => ({ id, order: orders.get(id)! })),
    [...model.values()],
    (storyId) => watches.has(`${forViewer}:${storyId}`),
  ).map((row): [number, boolean] => [row.id, row.hasUnwatched]);
}

/** The tally as its definition: listed stories watched per viewer and creator. */
async function expectTallyMatchesDefinition(): Promise<void> {
  const { rows: wrong } = await server.ctx.db.execute<Record<string, unknown>>(sql`
    with truth as (
      select w.user_id as viewer_id, s.user_id as creator_id, count(*)::int as watched,
        count(*) >= max(u.story_count) as caught_up
      from story_watches w
      join stories s on s.id = w.story_id and s.status = 'ready' and s.audience = 'public'
      join users u on u.id = s.user_id
      group by w.user_id, s.user_id
    )
    (select 'missing or wrong' as problem, * from truth
      except select 'missing or wrong', viewer_id, creator_id, watched, caught_up from story_watch_tallies)
    union all
    (select 'stale', viewer_id, creator_id, watched, caught_up from story_watch_tallies
      except select 'stale', * from truth)`);
  expect(wrong).toEqual([]);
}

async function expectDiscoverMatchesModel(): Promise<void> {
  await expectTallyMatchesDefinition();
  expect(await discover(viewer)).toEqual(expected(viewerId));
  expect(await discover(other)).toEqual(expected(otherId));
}

describe('has unwatched stories, against an in-memory model', () => {
  it('follows every write path, step by step', async () => {
    const random = rng(30);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    for (const creator of creators) await post(creator, 'ready', 'public');
    await expectDiscoverMatchesModel();

    // The route's own write path: a viewer watches a creator's only story.
    const [first] = [...model.values()];
    expect((await viewer.post(`/api/stories/${first!.id}/watch`)).statusCode).toBe(204);
    watches.add(`${viewerId}:${first!.id}`);
    await expectDiscoverMatchesModel();
    expect((await discover(viewer)).find(([id]) => id === first!.creatorId)).toEqual([
      first!.creatorId,
      false,
    ]);

    for (let step = 0; step < 70; step++) {
      const all = [...model.values()];
      const someone = pick([viewerId, viewerId, otherId]);
      const roll = random();
      if (roll < 0.12) {
        await post(
          pick(creators),
          pick(['ready', 'ready', 'processing'] as const),
          pick(['public', 'public', 'public', 'chat'] as const),
        );
      } else if (roll < 0.45 && all.length > 0) {
        await watchDirectly(someone, pick(all).id);
      } else if (roll < 0.55 && watches.size > 0) {
        const [userId, storyId] = pick([...watches])
          .split(':')
          .map(Number);
        await unwatch(userId!, storyId!);
      } else if (roll < 0.65) {
        const processing = all.filter((s) => s.status === 'processing');
        if (processing.length > 0) await setStatus(pick(processing).id, 'ready');
      } else if (roll < 0.75) {
        const ready = all.filter((s) => s.status === 'ready');
        if (ready.length > 0) await setStatus(pick(ready).id, 'taken_down');
      } else if (roll < 0.83) {
        const down = all.filter((s) => s.status === 'taken_down');
        if (down.length > 0) await setStatus(pick(down).id, 'ready');
      } else if (roll < 0.9 && all.length > 0) {
        const gone = pick(all);
        await server.ctx.db.delete(stories).where(eq(stories.id, gone.id));
        model.delete(gone.id);
        for (const key of [...watches]) if (key.endsWith(`:${gone.id}`)) watches.delete(key);
      } else {
        // A block either way takes the pair off each other's lists, tallies untouched.
        const creator = pick(creators);
        const existing = blocks.findIndex(
          (b) => b.blockerId === viewerId && b.blockedId === creator,
        );
        if (existing >= 0) {
          await viewer.delete(`/api/users/${creator}/block`);
          blocks.splice(existing, 1);
        } else if (random() < 0.5) {
          await viewer.post(`/api/users/${creator}/block`);
          blocks.push({ blockerId: viewerId, blockedId: creator });
        } else if (!blocks.some((b) => b.blockerId === creator)) {
          await server.ctx.db
            .insert(userBlocks)
            .values({ blockerId: creator, blockedId: viewerId });
          blocks.push({ blockerId: creator, blockedId: viewerId });
        }
      }
      if (step % 5 === 4) await expectDiscoverMatchesModel();
    }
    await expectDiscoverMatchesModel();
    // The walk must have met both kinds in both editorial groups.
    const seen = await discover(viewer);
    expect(seen.some(([, unwatched]) => unwatched)).toBe(true);
    expect(seen.some(([, unwatched]) => !unwatched)).toBe(true);
  });

  it('catches a viewer up on a creator and back: watch all, a new story, a takedown of it', async () => {
    const creator = creators[1]!;
    const listed = () =>
      [...model.values()].filter(
        (s) => s.creatorId === creator && s.status === 'ready' && s.audience === 'public',
      );
    for (const story of listed()) await watchDirectly(viewerId, story.id);
    await expectDiscoverMatchesModel();
    await post(creator, 'ready', 'public');
    await expectDiscoverMatchesModel();
    const newest = listed().at(-1)!;
    await setStatus(newest.id, 'taken_down');
    await expectDiscoverMatchesModel();
    await setStatus(newest.id, 'ready');
    await watchDirectly(viewerId, newest.id);
    await server.ctx.db.delete(stories).where(eq(stories.id, listed()[0]!.id));
    model.delete(listed()[0]!.id);
    await expectDiscoverMatchesModel();
  });

  it('drops a deleted viewer’s tallies with their watches', async () => {
    const leaving = await signedUpUser(server);
    for (const story of [...model.values()].slice(0, 6))
      await watchDirectly(leaving.user.id, story.id);
    await expectTallyMatchesDefinition();
    await server.ctx.db.delete(users).where(eq(users.id, leaving.user.id));
    for (const key of [...watches]) if (key.startsWith(`${leaving.user.id}:`)) watches.delete(key);
    await expectTallyMatchesDefinition();
    const { rows } = await server.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from story_watch_tallies where viewer_id = ${leaving.user.id}`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});
