import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { AppNotification } from '@glimpse/contract';
import { inTransaction } from '../../platform/db/transaction.ts';
import {
  collect,
  connected,
  openSocket,
  waitForCount,
} from '../../platform/realtime/test/socket-test-client.ts';
import { startTestServer, TEST_ORIGIN, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { seedFollow } from '../../test/access-fixtures.ts';
import { usePostgres } from '../../test/test-database.ts';
import { fanOutToAudience } from './index.ts';
import { notified } from './test/notification-fixtures.ts';

type Person = Awaited<ReturnType<typeof signedUpUser>>;
type Created = { notification: AppNotification; unread_count: number };
type Read = { ids: number[] | 'all'; unread_count: number };

const open: Socket[] = [];
async function socketOf(url: string, person: Person): Promise<Socket> {
  const socket = openSocket(url, {
    cookie: `glimpse_session=${person.client.cookie}`,
    origin: TEST_ORIGIN,
  });
  open.push(socket);
  await connected(socket);
  return socket;
}
afterEach(() => {
  for (const socket of open.splice(0)) socket.disconnect();
});
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function storyPosted(server: TestServer, creatorId: number, storyId: number) {
  await inTransaction(server.ctx.db, async (tx, effects) =>
    fanOutToAudience(tx, effects, {
      type: 'story_posted',
      creatorId,
      subject: { kind: 'story', id: storyId },
      dedupeKey: `story:${storyId}:${creatorId}`,
    }),
  );
}

/**
 * Both tabs of `fan` hear of a fanned-out story and of a single notify, and of marking read;
 * `stranger` (signed in, socket open) hears of none of it. `urls`: where each socket connects.
 */
async function bothTabsOnly(
  server: TestServer,
  urls: { tab1: string; tab2: string; stranger: string },
) {
  const [creator, fan, stranger] = [
    await signedUpUser(server),
    await signedUpUser(server),
    await signedUpUser(server),
  ];
  await seedFollow(server, fan.user.id, creator.user.id);
  const tabs = [await socketOf(urls.tab1, fan), await socketOf(urls.tab2, fan)];
  const strangerSocket = await socketOf(urls.stranger, stranger);
  const created = tabs.map((tab) => collect(tab, 'notification.created') as Created[]);
  const read = tabs.map((tab) => collect(tab, 'notification.read') as Read[]);
  const foreign = [
    ...collect(strangerSocket, 'notification.created'),
    ...collect(strangerSocket, 'notification.read'),
  ];

  await storyPosted(server, creator.user.id, 1);
  for (const events of created) await waitForCount(events, 1, 10_000);
  for (const events of created)
    expect(events[0]).toMatchObject({
      notification: { type: 'story_posted', actor: { id: creator.user.id }, read: false },
      unread_count: 1,
    });
  const tip = await notified(server, fan.user.id, creator.user.id, 'tip:rt');
  for (const events of created) await waitForCount(events, 2);
  for (const events of created)
    expect(events[1]).toMatchObject({ notification: { id: tip }, unread_count: 2 });

  expect((await fan.client.post('/api/notifications/read', { ids: [tip] })).json()).toEqual({
    count: 1,
  });
  for (const events of read) await waitForCount(events, 1);
  for (const events of read) expect(events[0]).toEqual({ ids: [tip], unread_count: 1 });
  await fan.client.post('/api/notifications/read', { all: true });
  for (const events of read) await waitForCount(events, 2);
  for (const events of read) expect(events[1]).toEqual({ ids: 'all', unread_count: 0 });

  await pause(300);
  expect(foreign).toEqual([]);
  expect(created.map((events) => events.length)).toEqual([2, 2]);
}

describe('notification events on one node', () => {
  let server: TestServer;
  let url: string;
  beforeAll(async () => {
    server = await startTestServer();
    url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("reach both tabs of the user and never another user's socket", async () => {
    await bothTabsOnly(server, { tab1: url, tab2: url, stranger: url });
  });
});

// Two whole servers on one PostgreSQL database need Redis between them (CI's server-pg run).
describe.runIf(process.env.TEST_REDIS_URL && usePostgres())(
  'notification events across two nodes (Redis adapter)',
  () => {
    let nodeA: TestServer;
    let nodeB: TestServer;
    let urlA: string;
    let urlB: string;
    beforeAll(async () => {
      nodeA = await startTestServer();
      urlA = await nodeA.app.listen({ port: 0, host: '127.0.0.1' });
      nodeB = await startTestServer(
        { databaseUrl: nodeA.config.databaseUrl, s3: nodeA.config.s3 },
        { redisKeyPrefix: nodeA.redisKeyPrefix ?? 'glimpse' },
      );
      urlB = await nodeB.app.listen({ port: 0, host: '127.0.0.1' });
      // The adapters subscribe asynchronously: let both settle before counting events.
      await pause(500);
    });
    afterAll(async () => {
      await nodeB?.stop();
      await nodeA?.stop();
    });

    it('reach a tab on each node; a socket of another user on either node gets none', async () => {
      await bothTabsOnly(nodeA, { tab1: urlA, tab2: urlB, stranger: urlB });
    });
  },
);
