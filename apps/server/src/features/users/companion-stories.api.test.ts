import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Companion } from '@glimpse/contract';
import { startTestServer, type Client, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { seedStory } from '../../test/access-fixtures.ts';

// Issue 9, defect 14: the companion's story flags tell the truth for the asking viewer.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function companion(viewer: Client, userId: number): Promise<Companion> {
  const response = await viewer.get(`/api/users/${userId}`);
  expect(response.statusCode).toBe(200);
  return response.json<Companion>();
}

const flags = (c: Companion) => ({
  isExistStory: c.isExistStory,
  hasNotWatchedStories: c.hasNotWatchedStories,
});

describe('GET /api/users/{id}: stories', () => {
  it('reports a ready story as existing and unwatched until the viewer watches it', async () => {
    const { user: creator } = await signedUpUser(server);
    const { client: viewer } = await signedUpUser(server);
    expect(flags(await companion(viewer, creator.id))).toEqual({
      isExistStory: false,
      hasNotWatchedStories: false,
    });

    const first = await seedStory(server, creator.id);
    expect(flags(await companion(viewer, creator.id))).toEqual({
      isExistStory: true,
      hasNotWatchedStories: true,
    });

    expect((await viewer.post(`/api/stories/${first.id}/watch`)).statusCode).toBe(204);
    expect(flags(await companion(viewer, creator.id))).toEqual({
      isExistStory: true,
      hasNotWatchedStories: false,
    });

    // A new story makes the group unwatched again, for this viewer only.
    await seedStory(server, creator.id);
    expect(flags(await companion(viewer, creator.id)).hasNotWatchedStories).toBe(true);
  });

  it('counts a priced story the viewer has not unlocked: it shows, locked, in the group', async () => {
    const { user: creator } = await signedUpUser(server);
    const { client: viewer } = await signedUpUser(server);
    await seedStory(server, creator.id, { priceCents: 250 });
    expect(flags(await companion(viewer, creator.id))).toEqual({
      isExistStory: true,
      hasNotWatchedStories: true,
    });
  });

  it('leaves out stories others may not see: processing, failed and deleted ones', async () => {
    const { user: creator, client: owner } = await signedUpUser(server);
    const { client: viewer } = await signedUpUser(server);
    await seedStory(server, creator.id, { status: 'processing' });
    await seedStory(server, creator.id, { status: 'failed' });
    const deleted = await seedStory(server, creator.id);
    expect((await owner.delete(`/api/stories/${deleted.id}`)).statusCode).toBe(204);
    expect(flags(await companion(viewer, creator.id))).toEqual({
      isExistStory: false,
      hasNotWatchedStories: false,
    });
  });

  it('tells the owner about their own ready stories, none of them unwatched', async () => {
    const { user, client: owner } = await signedUpUser(server);
    await seedStory(server, user.id, { status: 'processing' });
    expect(flags(await companion(owner, user.id)).isExistStory).toBe(false);
    await seedStory(server, user.id);
    expect(flags(await companion(owner, user.id))).toEqual({
      isExistStory: true,
      hasNotWatchedStories: false,
    });
  });
});
