import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockedUser } from '@glimpse/contract';
import { follows } from '../../db/schema/index.ts';
import { seedFollow } from '../../test/access-fixtures.ts';
import { client, startTestServer, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { solidImage } from '../../test/images.ts';
import { uploadAvatar } from '../../test/uploads.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const UNKNOWN = 2_000_000_000;

describe('POST and DELETE /api/users/{id}/block', () => {
  it('blocks and unblocks idempotently, answering the state', async () => {
    const [me, other] = await Promise.all([signedUpUser(server), signedUpUser(server)]);
    const url = `/api/users/${other.user.id}/block`;
    for (let i = 0; i < 2; i++) {
      const blocked = await me.client.post(url);
      expect([blocked.statusCode, blocked.json()]).toEqual([200, { blocked: true }]);
    }
    expect((await me.client.get('/api/users/me/blocked')).json<BlockedUser[]>()).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      const unblocked = await me.client.delete(url);
      expect([unblocked.statusCode, unblocked.json()]).toEqual([200, { blocked: false }]);
    }
    expect((await me.client.get('/api/users/me/blocked')).json()).toEqual([]);
  });

  it('refuses oneself, unknown users and anonymous callers', async () => {
    const me = await signedUpUser(server);
    for (const method of ['POST', 'DELETE'] as const) {
      const self = await me.client.request({ method, url: `/api/users/${me.user.id}/block` });
      expect([self.statusCode, self.json().err_key]).toEqual([400, 'cannot_block_self']);
      const nobody = await me.client.request({ method, url: `/api/users/${UNKNOWN}/block` });
      expect([nobody.statusCode, nobody.json().err_key]).toEqual([404, 'user_not_found']);
      const anonymous = await client(server).request({
        method,
        url: `/api/users/${me.user.id}/block`,
      });
      expect(anonymous.statusCode).toBe(401);
    }
  });

  it('lets a blocked user block back: both rows stand, unblocking one keeps the other', async () => {
    const [a, b] = await Promise.all([signedUpUser(server), signedUpUser(server)]);
    await a.client.post(`/api/users/${b.user.id}/block`);
    expect((await b.client.post(`/api/users/${a.user.id}/block`)).json()).toEqual({
      blocked: true,
    });
    await b.client.delete(`/api/users/${a.user.id}/block`);
    // Still hidden from b: a's block stands.
    expect((await b.client.get(`/api/users/${a.user.id}`)).statusCode).toBe(404);
  });

  it('ends the follows between the two, both ways, and only theirs', async () => {
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => signedUpUser(server)));
    const [ida, idb, idc] = [a!.user.id, b!.user.id, c!.user.id];
    await seedFollow(server, ida, idb);
    await seedFollow(server, idb, ida);
    await seedFollow(server, ida, idc);
    await seedFollow(server, idc, idb);
    await a!.client.post(`/api/users/${idb}/block`);
    const rows = await server.ctx.db
      .select({ follower: follows.followerId, creator: follows.creatorId })
      .from(follows)
      .where(
        or(eq(follows.followerId, ida), eq(follows.followerId, idb), eq(follows.followerId, idc)),
      );
    expect(rows.map((r) => `${r.follower}->${r.creator}`).sort()).toEqual(
      [`${ida}->${idc}`, `${idc}->${idb}`].sort(),
    );
    // The blocked user cannot follow the blocker again (hidden); the blocker's follow is theirs.
    const refollow = await b!.client.post(`/api/users/${ida}/follow`);
    expect([refollow.statusCode, refollow.json().err_key]).toEqual([404, 'user_not_found']);
    const stillNone = await server.ctx.db
      .select()
      .from(follows)
      .where(and(eq(follows.followerId, idb), eq(follows.creatorId, ida)));
    expect(stillNone).toEqual([]);
  });
});

describe('GET /api/users/me/blocked', () => {
  it('lists whom the viewer blocked, newest first, with avatars signed for the viewer', async () => {
    const me = await signedUpUser(server);
    const first = await signedUpUser(server, { name: 'First Blocked' });
    const second = await signedUpUser(server, { name: 'Second Blocked' });
    const png = await solidImage('png', 32, 32);
    const avatar = await uploadAvatar(second.client, {
      data: png,
      filename: 'a.png',
      contentType: 'image/png',
    });
    expect(avatar.statusCode).toBe(200);
    // Someone else's block of me is not on my list.
    await first.client.post(`/api/users/${me.user.id}/block`);
    await me.client.post(`/api/users/${first.user.id}/block`);
    await me.client.post(`/api/users/${second.user.id}/block`);

    const list = (await me.client.get('/api/users/me/blocked')).json<BlockedUser[]>();
    expect(list.map((u) => [u.id, u.name, u.slug])).toEqual([
      [second.user.id, 'Second Blocked', second.user.slug],
      [first.user.id, 'First Blocked', first.user.slug],
    ]);
    expect(list[1]!.profileImage).toBeNull();
    expect(Date.parse(list[0]!.blocked_at)).toBeGreaterThanOrEqual(Date.parse(list[1]!.blocked_at));
    const image = list[0]!.profileImage!;
    expect((await me.client.get(image)).statusCode).toBe(200);
    // Signed for the viewer: the same URL does not open for someone else.
    expect((await first.client.get(image)).statusCode).toBe(403);
    expect((await client(server).get('/api/users/me/blocked')).statusCode).toBe(401);
  });
});
