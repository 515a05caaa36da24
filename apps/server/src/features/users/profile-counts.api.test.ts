import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

// /me and the public profile read the user and its counts in one statement (subqueries on the
// outer row): each count must still belong to that user alone.
describe('profile counts', () => {
  it('counts followers and distinct active subscribers of that user only', async () => {
    const creator = await signedUpUser(server);
    const other = await signedUpUser(server);
    const fan = await signedUpUser(server);
    const lapsed = await signedUpUser(server);
    const stranger = await signedUpUser(server);
    const [creatorId, otherId, fanId, lapsedId, strangerId] = [
      creator.user.id,
      other.user.id,
      fan.user.id,
      lapsed.user.id,
      stranger.user.id,
    ];
    for (const follower of [fan, lapsed])
      expect((await follower.client.post(`/api/users/${creatorId}/follow`)).statusCode).toBe(200);
    expect((await fan.client.post(`/api/users/${otherId}/follow`)).statusCode).toBe(200);
    const later = new Date(Date.now() + 30 * 86_400_000);
    await server.ctx.db.insert(subscriptions).values([
      { subscriberId: fanId, creatorId, expiresAt: later },
      { subscriberId: fanId, creatorId, expiresAt: new Date(Date.now() + 86_400_000) },
      { subscriberId: lapsedId, creatorId, expiresAt: new Date(Date.now() - 1000) },
      { subscriberId: strangerId, creatorId: otherId, expiresAt: later },
    ]);

    expect((await creator.client.get('/api/auth/me')).json()).toMatchObject({
      id: creatorId,
      followers: 2,
      subscribers: 1,
    });
    expect((await other.client.get('/api/auth/me')).json()).toMatchObject({
      followers: 1,
      subscribers: 1,
    });
    const slug = creator.user.slug;
    expect((await fan.client.get(`/api/users/slug/${slug}`)).json()).toMatchObject({
      followers: 2,
      subscribers: 1,
      isFollowing: true,
      isOwn: false,
    });
    expect((await stranger.client.get(`/api/users/slug/${slug}`)).json()).toMatchObject({
      isFollowing: false,
    });
  });
});
