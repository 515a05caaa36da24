import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeItem } from '@glimpse/contract';
import { randomBytes } from 'node:crypto';
import { follows, stories, subscriptions, users } from '../../db/schema/index.ts';
import { startTestServer, type Client, type TestServer } from '../../test/harness.ts';
import { birthdateYearsAgo, signedUpUser } from '../../test/factories.ts';

/**
 * Home at a realistic volume (issue 25): 200 creators, 20 of them subscribed to and 30 followed
 * by the viewer. Every creator is in exactly one section, and Discover pages through the other
 * 150 at the web's page sizes without a duplicate or a gap.
 */

let server: TestServer;
let viewer: Client;
const creators: number[] = [];
const CREATORS = 200;

beforeAll(async () => {
  server = await startTestServer();
  const signedUp = await signedUpUser(server);
  viewer = signedUp.client;
  // Two statements for all of them (seedCreator's one by one took half a minute).
  const tag = randomBytes(4).toString('hex');
  const rows = await server.ctx.db
    .insert(users)
    .values(
      Array.from({ length: CREATORS }, (_, i) => ({
        slug: `volume-${tag}-${i}`,
        name: `Volume creator ${i}`,
        email: `volume-${tag}-${i}@example.com`,
        passwordHash: 'not-a-login',
        birthdate: birthdateYearsAgo(20 + (i % 50)),
        sex: i % 2 ? ('female' as const) : ('male' as const),
        countryCode: 'de',
      })),
    )
    .returning({ id: users.id });
  creators.push(...rows.map((row) => row.id));
  await server.ctx.db.insert(stories).values(
    creators.map((userId, i) => ({
      userId,
      isVideo: false,
      status: 'ready' as const,
      sourceKey: `volume-${tag}-${i}`,
      sourceContentType: 'image/jpeg',
      createdAt: new Date(Date.now() - (i + 1) * 60_000),
    })),
  );
  const inAMonth = new Date(Date.now() + 30 * 86_400_000);
  await server.ctx.db.insert(subscriptions).values(
    creators.slice(0, 20).map((creatorId) => ({
      subscriberId: signedUp.user.id,
      creatorId,
      expiresAt: inAMonth,
    })),
  );
  await server.ctx.db
    .insert(follows)
    .values(
      creators.slice(20, 50).map((creatorId) => ({ followerId: signedUp.user.id, creatorId })),
    );
});
afterAll(async () => {
  await server?.stop();
});

async function list(path: string): Promise<HomeItem[]> {
  const response = await viewer.get(path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<HomeItem[]>();
}

async function discoverPages(limit: number): Promise<{ ids: number[]; pages: number }> {
  const ids: number[] = [];
  let pages = 0;
  for (let page = 1; page < 100; page++) {
    const batch = await list(`/api/home/stories/discover?page=${page}&limit=${limit}`);
    pages += 1;
    ids.push(...batch.map((item) => item.id));
    if (batch.length < limit) break;
  }
  return { ids, pages };
}

describe('home with 200 creators', () => {
  it('puts every creator in exactly one section', async () => {
    const subscribed = (await list('/api/home/stories/subscribed')).map((item) => item.id);
    const following = (await list('/api/home/stories/following')).map((item) => item.id);
    const { ids: discover } = await discoverPages(60);
    expect(subscribed).toHaveLength(20);
    expect(following).toHaveLength(30);
    expect(discover).toHaveLength(150);
    const all = [...subscribed, ...following, ...discover];
    expect(new Set(all).size).toBe(CREATORS);
    expect([...all].sort((a, b) => a - b)).toEqual([...creators].sort((a, b) => a - b));
  });

  // 18: a phone's and a desktop's page (discoverLimit of 844 and 900 px), 60: the largest.
  it.each([18, 60])(
    'pages Discover %i at a time in one stable order, no duplicate or gap',
    async (limit) => {
      const { ids, pages } = await discoverPages(limit);
      expect(pages).toBe(Math.floor(150 / limit) + 1);
      expect(new Set(ids).size).toBe(150);
      const { ids: whole } = await discoverPages(60);
      expect(ids).toEqual(whole);
    },
  );
});
