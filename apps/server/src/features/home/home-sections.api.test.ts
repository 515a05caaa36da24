import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeItem } from '@glimpse/contract';
import { storyWatches, stories, subscriptions } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { client, startTestServer, type TestServer } from '../../test/harness.ts';
import { birthdateYearsAgo, signedUpUser } from '../../test/factories.ts';
import { seedCreator, type CreatorSpec } from '../../test/creators.ts';
import { seedStory, seedSubscription } from '../../test/access-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const spec = (overrides: Partial<CreatorSpec> = {}): CreatorSpec => ({
  sex: 'female',
  birthdate: birthdateYearsAgo(30),
  countryCode: 'de',
  tagIds: [],
  subCategoryIds: [],
  readyStories: 1,
  ...overrides,
});

async function section(
  c: Awaited<ReturnType<typeof signedUpUser>>['client'],
  name: string,
): Promise<number[]> {
  const response = await c.get(`/api/home/stories/${name}?limit=60`);
  expect(response.statusCode).toBe(200);
  return response.json<HomeItem[]>().map((item) => item.id);
}

describe('home sections', () => {
  it('puts each creator in exactly one section: subscribed, following (not subscribed) or discover', async () => {
    const viewer = await signedUpUser(server);
    const [subbed, followed, both, stranger, expired] = await Promise.all([
      seedCreator(server, spec()),
      seedCreator(server, spec()),
      seedCreator(server, spec()),
      seedCreator(server, spec()),
      seedCreator(server, spec()),
    ]);
    const inAMonth = new Date(Date.now() + 30 * 86_400_000);
    await server.ctx.db.insert(subscriptions).values([
      { subscriberId: viewer.user.id, creatorId: subbed.id, expiresAt: inAMonth },
      { subscriberId: viewer.user.id, creatorId: both.id, expiresAt: inAMonth },
      {
        subscriberId: viewer.user.id,
        creatorId: expired.id,
        expiresAt: new Date(Date.now() - 1000),
      },
    ]);
    for (const creator of [followed, both]) {
      expect((await viewer.client.post(`/api/users/${creator.id}/follow`)).json()).toEqual({
        following: true,
      });
    }
    const [s, f, d] = await Promise.all(
      ['subscribed', 'following', 'discover'].map((name) => section(viewer.client, name)),
    );
    expect([...s!].sort()).toEqual([subbed.id, both.id].sort());
    expect(f).toEqual([followed.id]);
    expect(d).toEqual(expect.arrayContaining([stranger.id, expired.id]));
    expect(d).not.toEqual(expect.arrayContaining([subbed.id]));
    expect(d).not.toContain(followed.id);
    expect(d).not.toContain(viewer.user.id);
    const subscribedItems = (await viewer.client.get('/api/home/stories/subscribed')).json<
      HomeItem[]
    >();
    expect(subscribedItems.every((item) => item.subscribed)).toBe(true);
  });

  it('moves a creator from Discover to Following on follow and back on unfollow', async () => {
    const viewer = await signedUpUser(server);
    const creator = await seedCreator(server, spec());
    expect(await section(viewer.client, 'discover')).toContain(creator.id);
    await viewer.client.post(`/api/users/${creator.id}/follow`);
    await viewer.client.post(`/api/users/${creator.id}/follow`);
    expect(await section(viewer.client, 'following')).toEqual([creator.id]);
    expect(await section(viewer.client, 'discover')).not.toContain(creator.id);
    expect((await viewer.client.delete(`/api/users/${creator.id}/follow`)).json()).toEqual({
      following: false,
    });
    expect((await viewer.client.delete(`/api/users/${creator.id}/follow`)).json()).toEqual({
      following: false,
    });
    expect(await section(viewer.client, 'following')).toEqual([]);
    expect(await section(viewer.client, 'discover')).toContain(creator.id);
  });

  it('orders by editorial order, then unwatched stories first, then the latest story', async () => {
    const viewer = await signedUpUser(server);
    const featured = await seedCreator(server, spec({ order: 5 }));
    const watched = await seedCreator(server, spec());
    const older = await seedCreator(server, spec());
    const newer = await seedCreator(server, spec());
    for (const creator of [featured, watched, older, newer])
      await viewer.client.post(`/api/users/${creator.id}/follow`);
    await server.ctx.db
      .update(stories)
      .set({ createdAt: new Date(Date.now() - 5 * 86_400_000) })
      .where(eq(stories.userId, older.id));
    await server.ctx.db
      .update(stories)
      .set({ createdAt: new Date() })
      .where(eq(stories.userId, watched.id));
    const [watchedStory] = await server.ctx.db
      .select()
      .from(stories)
      .where(eq(stories.userId, watched.id));
    await server.ctx.db
      .insert(storyWatches)
      .values({ userId: viewer.user.id, storyId: watchedStory!.id });
    const items = (await viewer.client.get('/api/home/stories/following')).json<HomeItem[]>();
    expect(items.map((i) => i.id)).toEqual([featured.id, newer.id, older.id, watched.id]);
    expect(items.map((i) => i.hasNotWatchedStories)).toEqual([true, true, true, false]);
    expect(items[0]).toMatchObject({ order: 5, has_stories: 1, isVerify: false, stream: null });
  });

  it('never lists creators whose stories are all processing or deleted', async () => {
    const viewer = await signedUpUser(server);
    const creator = await seedCreator(server, spec({ readyStories: 2 }));
    expect(await section(viewer.client, 'discover')).toContain(creator.id);
    await server.ctx.db
      .update(stories)
      .set({ status: 'processing' })
      .where(eq(stories.userId, creator.id));
    expect(await section(viewer.client, 'discover')).not.toContain(creator.id);
  });
});

describe('blocks on the home lists', () => {
  it("keeps a blocker and the blocked user off each other's lists in every section", async () => {
    const [viewer, subscribedTo, followed, stranger] = await Promise.all(
      [0, 1, 2, 3].map(() => signedUpUser(server)),
    );
    const all = [viewer!, subscribedTo!, followed!, stranger!];
    for (const person of all) await seedStory(server, person.user.id);
    await seedSubscription(server, viewer!.user.id, subscribedTo!.user.id);
    await viewer!.client.post(`/api/users/${followed!.user.id}/follow`);
    const everywhere = async (c: (typeof all)[number]) =>
      (
        await Promise.all(['subscribed', 'following', 'discover'].map((n) => section(c.client, n)))
      ).flat();
    expect(await section(viewer!.client, 'subscribed')).toContain(subscribedTo!.user.id);
    expect(await section(viewer!.client, 'following')).toContain(followed!.user.id);
    expect(await section(viewer!.client, 'discover')).toContain(stranger!.user.id);
    for (const other of [subscribedTo!, followed!, stranger!])
      expect(await everywhere(other)).toContain(viewer!.user.id);

    // Blocked by the creator they subscribe to, blocking the one they follow, blocked by a stranger.
    await subscribedTo!.client.post(`/api/users/${viewer!.user.id}/block`);
    await viewer!.client.post(`/api/users/${followed!.user.id}/block`);
    await stranger!.client.post(`/api/users/${viewer!.user.id}/block`);

    const seen = await everywhere(viewer!);
    for (const other of [subscribedTo!, followed!, stranger!]) {
      expect(seen).not.toContain(other.user.id);
      expect(await everywhere(other)).not.toContain(viewer!.user.id);
    }
    // Others still see every one of them.
    const bystander = await signedUpUser(server);
    expect(await everywhere(bystander)).toEqual(
      expect.arrayContaining(all.map((person) => person.user.id)),
    );
  });
});

describe('follow', () => {
  it('shows on the followed profile as isFollowing for that viewer only', async () => {
    const viewer = await signedUpUser(server);
    const other = await signedUpUser(server);
    const creator = await signedUpUser(server, { name: 'Followed Creator' });
    await viewer.client.post(`/api/users/${creator.user.id}/follow`);
    expect((await viewer.client.get(`/api/users/slug/${creator.user.slug}`)).json()).toMatchObject({
      isFollowing: true,
      followers: 1,
    });
    expect(
      (await other.client.get(`/api/users/slug/${creator.user.slug}`)).json().isFollowing,
    ).toBe(false);
  });

  it('refuses to follow yourself, unknown users and anonymous callers', async () => {
    const viewer = await signedUpUser(server);
    const self = await viewer.client.post(`/api/users/${viewer.user.id}/follow`);
    expect(self.statusCode).toBe(400);
    expect(self.json().err_key).toBe('cannot_follow_self');
    expect((await viewer.client.post('/api/users/99999999/follow')).json().err_key).toBe(
      'user_not_found',
    );
    expect((await client(server).post(`/api/users/${viewer.user.id}/follow`)).statusCode).toBe(401);
  });

  it('settles racing follow and unfollow clicks on what the server answered last', async () => {
    const viewer = await signedUpUser(server);
    const creator = await seedCreator(server, spec());
    const answers = await Promise.all([
      viewer.client.post(`/api/users/${creator.id}/follow`),
      viewer.client.delete(`/api/users/${creator.id}/follow`),
      viewer.client.post(`/api/users/${creator.id}/follow`),
    ]);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const final = await viewer.client.post(`/api/users/${creator.id}/follow`);
    expect(final.json()).toEqual({ following: true });
    expect(await section(viewer.client, 'following')).toEqual([creator.id]);
  });
});
