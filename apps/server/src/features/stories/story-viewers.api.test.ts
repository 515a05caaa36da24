import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { STORY_VIEWERS_PAGE_SIZE, type StoryViewersPage } from '@glimpse/contract';
import { storyWatches, users } from '../../db/schema/index.ts';
import { client, startTestServer, type Client, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { seedStory } from '../../test/access-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/**
 * `count` users who watched the story, one every second back from an hour ago; every fifth
 * pair shares a watch time to the microsecond, so paging must break ties by user id.
 */
async function seedViewers(storyId: number, count: number): Promise<number[]> {
  const suffix = randomBytes(4).toString('hex');
  const rows = await server.ctx.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        slug: `viewer-${suffix}-${i}`,
        name: `Viewer ${i}`,
        email: `viewer-${suffix}-${i}@example.com`,
        passwordHash: 'not-a-login',
        birthdate: '1990-01-01',
        sex: 'female' as const,
        countryCode: 'de',
      })),
    )
    .returning({ id: users.id });
  const base = Date.now() - 3_600_000;
  await server.ctx.db.insert(storyWatches).values(
    rows.map((row, i) => ({
      userId: row.id,
      storyId,
      watchedAt: new Date(base - (i % 5 === 4 ? i - 1 : i) * 1_000),
    })),
  );
  return rows.map((row) => row.id);
}

async function allPages(c: Client, storyId: number): Promise<StoryViewersPage[]> {
  const pages: StoryViewersPage[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?cursor=${cursor}` : '';
    const response = await c.get(`/api/stories/${storyId}/viewers${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const page: StoryViewersPage = response.json();
    pages.push(page);
    cursor = page.cursor;
  } while (cursor !== null && pages.length < 10);
  return pages;
}

describe('GET /api/stories/{id}/viewers', () => {
  it('pages through 65 viewers newest first, each once, ties broken by id', async () => {
    const owner = await signedUpUser(server);
    const story = await seedStory(server, owner.user.id);
    const viewerIds = await seedViewers(story.id, 65);

    const pages = await allPages(owner.client, story.id);
    expect(pages.map((page) => page.data.length)).toEqual([
      STORY_VIEWERS_PAGE_SIZE,
      STORY_VIEWERS_PAGE_SIZE,
      65 - 2 * STORY_VIEWERS_PAGE_SIZE,
    ]);
    expect(pages.at(-1)?.cursor).toBeNull();
    const seen = pages.flatMap((page) => page.data);
    expect(new Set(seen.map((viewer) => viewer.id))).toEqual(new Set(viewerIds));
    const keys = seen.map((viewer) => [Date.parse(viewer.watched_at), viewer.id] as const);
    const sorted = [...keys].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    expect(keys).toEqual(sorted);
    expect(seen[0]).toEqual({
      id: viewerIds[0],
      slug: expect.stringMatching(/^viewer-/),
      name: 'Viewer 0',
      avatar_thumb_url: null,
      watched_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('puts a new watch first, with the viewer photo as a small signed thumbnail', async () => {
    const owner = await signedUpUser(server);
    const story = await seedStory(server, owner.user.id);
    await seedViewers(story.id, 3);
    const fan = await signedUpUser(server, { name: 'Fresh Fan' });
    await server.ctx.db
      .update(users)
      .set({ avatarKey: 'avatar-key-for-test' })
      .where(eq(users.id, fan.user.id));
    expect((await fan.client.post(`/api/stories/${story.id}/watch`)).statusCode).toBe(204);
    // The owner's own look is not a view.
    expect((await owner.client.post(`/api/stories/${story.id}/watch`)).statusCode).toBe(204);

    const [page] = await allPages(owner.client, story.id);
    expect(page?.data).toHaveLength(4);
    expect(page?.data[0]).toMatchObject({ id: fan.user.id, name: 'Fresh Fan' });
    expect(page?.data[0]?.avatar_thumb_url).toMatch(/^\/media\/.+&w=128$/);
  });

  it('is the owner’s only: others are refused, hidden stories are not found', async () => {
    const owner = await signedUpUser(server);
    const other = await signedUpUser(server);
    const story = await seedStory(server, owner.user.id);
    const processing = await seedStory(server, owner.user.id, { status: 'processing' });

    const refused = await other.client.get(`/api/stories/${story.id}/viewers`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ err_key: 'forbidden' });
    const hidden = await other.client.get(`/api/stories/${processing.id}/viewers`);
    expect(hidden.json()).toEqual({ err_key: 'story_not_found' });
    expect((await client(server).get(`/api/stories/${story.id}/viewers`)).statusCode).toBe(401);
    expect((await owner.client.get(`/api/stories/${processing.id}/viewers`)).statusCode).toBe(200);
  });

  it('refuses a cursor that is not one of its own', async () => {
    const owner = await signedUpUser(server);
    const story = await seedStory(server, owner.user.id);
    const forged = Buffer.from('2024-01-01T00:00:00Z|1').toString('base64url');
    for (const cursor of ['nope!', forged, 'x'.repeat(81)]) {
      const response = await owner.client.get(`/api/stories/${story.id}/viewers?cursor=${cursor}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json().err_key).toBe('validation_failed');
    }
  });
});
