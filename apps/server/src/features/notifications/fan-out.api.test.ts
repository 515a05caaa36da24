import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { NotificationsPage } from '@glimpse/contract';
import {
  notificationPreferences,
  notifications,
  pushSubscriptions,
  subscriptions,
  userBlocks,
  users,
} from '../../db/schema/index.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { seedFollow, seedSubscription } from '../../test/access-fixtures.ts';
import { FAN_OUT, runFanOut, type AudienceEvent } from './fan-out.ts';
import { fanOutToAudience } from './index.ts';

let server: TestServer;
// A push service that answers 410 Gone: the push job removes the subscription and is done.
let pushService: Server;
let pushUrl: string;
const pushed: string[] = [];
beforeAll(async () => {
  server = await startTestServer();
  pushService = createServer((request, response) => {
    pushed.push(request.url ?? '');
    request.resume();
    response.writeHead(410).end();
  }).listen(0, '127.0.0.1');
  await once(pushService, 'listening');
  pushUrl = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server?.stop();
  pushService?.close();
});
const defaults = { ...FAN_OUT };
afterEach(() => Object.assign(FAN_OUT, defaults));

const person = () => signedUpUser(server);

async function posted(event: AudienceEvent): Promise<void> {
  await inTransaction(server.ctx.db, async (tx, effects) => fanOutToAudience(tx, effects, event));
  await server.ctx.jobs.drain();
}

const linesOf = (dedupeKey: string) =>
  server.ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.dedupeKey, dedupeKey))
    .orderBy(notifications.userId);

async function queued(name: string, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const { rows } = await server.ctx.database.executeSql<{ id: string }>(
    `select data->>'notificationId' as id from pgboss.job where name = $1
       and (data->>'notificationId')::bigint = any($2::bigint[])`,
    [name, `{${ids.join(',')}}`],
  );
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

describe('fanOutToAudience', () => {
  it('notifies followers and active subscribers once each, in batches, and nobody else', async () => {
    FAN_OUT.batchSize = 2;
    FAN_OUT.runBudgetMs = 0;
    const creator = await person();
    const c = creator.user.id;
    const followers = await Promise.all(Array.from({ length: 5 }, person));
    for (const f of followers) await seedFollow(server, f.user.id, c);
    const subscriber = await person();
    await seedSubscription(server, subscriber.user.id, c);
    const both = followers[0]!;
    await seedSubscription(server, both.user.id, c);
    const lapsed = await person();
    await server.ctx.db.insert(subscriptions).values({
      subscriberId: lapsed.user.id,
      creatorId: c,
      expiresAt: new Date(Date.now() - 1000),
    });

    // Left out: blocked either way, muted, every channel off, being deleted, a stranger.
    const [blocker, blocked, muter, silent, leaving, stranger] = [
      await person(),
      await person(),
      await person(),
      await person(),
      await person(),
      await person(),
    ];
    for (const f of [blocker, blocked, muter, silent, leaving])
      await seedFollow(server, f.user.id, c);
    expect((await blocker.client.post(`/api/users/${c}/block`)).statusCode).toBe(200);
    await server.ctx.db.insert(userBlocks).values({ blockerId: c, blockedId: blocked.user.id });
    expect((await muter.client.post(`/api/users/${c}/mute-notifications`)).statusCode).toBe(200);
    expect(
      (
        await silent.client.put('/api/notifications/settings', {
          types: [{ type: 'story_posted', in_app: false, push: false, email: 'off' }],
        })
      ).statusCode,
    ).toBe(200);
    await server.ctx.db
      .update(users)
      .set({ deletionRequestedAt: new Date() })
      .where(eq(users.id, leaving.user.id));
    // A follower who keeps the story to email at once and push, not in the app; one with a browser.
    const mailOnly = followers[1]!;
    await server.ctx.db.insert(notificationPreferences).values({
      userId: mailOnly.user.id,
      type: 'story_posted',
      inApp: false,
      push: true,
      email: 'immediate',
    });
    const withBrowser = followers[2]!;
    await server.ctx.db.insert(pushSubscriptions).values({
      userId: withBrowser.user.id,
      endpoint: `${pushUrl}/${withBrowser.user.id}`,
      p256dh:
        'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    });

    await posted({
      type: 'story_posted',
      creatorId: c,
      subject: { kind: 'story', id: 41 },
      data: { title: 'Sunrise' },
      dedupeKey: `story:41:${c}`,
    });

    const lines = await linesOf(`story:41:${c}`);
    const audience = [...followers.map((f) => f.user.id), subscriber.user.id].sort((a, b) => a - b);
    expect(lines.map((l) => l.userId)).toEqual(audience);
    expect(lines.every((l) => l.actorId === c && l.type === 'story_posted')).toBe(true);
    expect([stranger, lapsed, creator].some((p) => lines.some((l) => l.userId === p.user.id))).toBe(
      false,
    );
    // Written by several transactions (a batch is 2 users here).
    expect(new Set(lines.map((l) => l.createdAt.getTime())).size).toBeGreaterThanOrEqual(3);
    // Email per preference: the default digest, or at once (queued); push only with a browser.
    const byUser = new Map(lines.map((l) => [l.userId, l]));
    expect(byUser.get(followers[3]!.user.id)).toMatchObject({ inApp: true, emailDue: 'digest' });
    expect(byUser.get(mailOnly.user.id)).toMatchObject({ inApp: false, emailDue: 'immediate' });
    const ids = lines.map((l) => l.id);
    expect(await queued('notifications.email', ids)).toEqual([byUser.get(mailOnly.user.id)!.id]);
    expect(await queued('notifications.push', ids)).toEqual([byUser.get(withBrowser.user.id)!.id]);
    expect(pushed).toEqual([`/${withBrowser.user.id}`]);

    // The follower's bell shows it, linking to the story.
    const page = (await subscriber.client.get('/api/notifications')).json<NotificationsPage>();
    expect(page.items[0]).toMatchObject({
      type: 'story_posted',
      actor: { id: c },
      subject: { kind: 'story', id: 41, path: `/u/${creator.user.slug}?story=41` },
      data: { title: 'Sunrise' },
      read: false,
    });
    expect((await subscriber.client.get('/api/notifications/unread-count')).json()).toEqual({
      count: 1,
    });
  });

  it('writes nothing twice when a step is retried or the event is fanned out again', async () => {
    FAN_OUT.batchSize = 2;
    FAN_OUT.runBudgetMs = 0;
    const creator = await person();
    const c = creator.user.id;
    const followers = await Promise.all(Array.from({ length: 5 }, person));
    for (const f of followers) await seedFollow(server, f.user.id, c);
    const event: AudienceEvent = {
      type: 'stream_started',
      creatorId: c,
      subject: { kind: 'stream', id: 7 },
      dedupeKey: `stream:7:${c}`,
    };
    await posted(event);
    const first = await linesOf(event.dedupeKey);
    expect(first).toHaveLength(5);
    // A step run again (a job retried after its batch committed), from the start and midway.
    FAN_OUT.runBudgetMs = 60_000;
    await runFanOut(server.ctx, { ...event, data: {}, afterUserId: 0 });
    await runFanOut(server.ctx, { ...event, data: {}, afterUserId: followers[1]!.user.id });
    await posted(event);
    const again = await linesOf(event.dedupeKey);
    expect(again.map((l) => l.id)).toEqual(first.map((l) => l.id));
    const counts = await server.ctx.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(
        inArray(
          notifications.userId,
          followers.map((f) => f.user.id),
        ),
      );
    expect(counts).toHaveLength(5);
  });

  it('only queues the job in the posting transaction: a rolled back post notifies nobody', async () => {
    const creator = await person();
    const fan = await person();
    await seedFollow(server, fan.user.id, creator.user.id);
    const event: AudienceEvent = {
      type: 'story_posted',
      creatorId: creator.user.id,
      subject: { kind: 'story', id: 99 },
      dedupeKey: `story:99:${creator.user.id}`,
    };
    await expect(
      inTransaction(server.ctx.db, async (tx, effects) => {
        fanOutToAudience(tx, effects, event);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await server.ctx.jobs.drain();
    expect(await linesOf(event.dedupeKey)).toEqual([]);
  });
});
