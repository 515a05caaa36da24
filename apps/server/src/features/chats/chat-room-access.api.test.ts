import { and, eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatRoom, userRoom, type Message } from '@glimpse/contract';
import { subscriptions } from '../../db/schema/index.ts';
import { collect, waitForCount } from '../../platform/realtime/test/socket-test-client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import {
  completeCheckout,
  sendSandboxWebhook,
  startTopUp,
} from '../money/providers/test/payments-fixtures.ts';
import { sweepSubscriptions } from '../money/purchases/subscription-renewal.ts';
import {
  channelIdOf,
  creator,
  pay,
  seedFollow,
  seedSubscription,
  sendToChannel,
  viewer,
  type Person,
} from './test/chat-fixtures.ts';
import { closeSockets, joinChat, pause, socketOf } from './test/chat-sockets.ts';
import { startTwoNodes, type SecondNode, type TwoNodes } from './test/second-node.ts';

/**
 * Issue 26: when access to a channel ends (block, unfollow, a subscription that ends or is
 * refunded), the user's sockets leave its room at once, on this node and on another one through
 * Redis: no further `message.created`, typing or pin event, and `chat.join` is refused.
 */

let nodeA: TestServer;
let urlA: string;
let nodeB: SecondNode | undefined;

afterEach(closeSockets);

/** Every event of a channel room a reader would see. */
const ROOM_EVENTS = ['message.created', 'typing', 'chat.pinned'] as const;

function record(socket: Socket) {
  return Object.fromEntries(ROOM_EVENTS.map((event) => [event, collect(socket, event)]));
}

/** The owner posts, pins and types in the channel; answers the post's id. */
async function roomActivity(owner: Person, ownerSocket: Socket, chatId: number, text: string) {
  const post = (await sendToChannel(owner, chatId, text)).json<{ data: Message }>().data;
  await owner.client.post(`/api/chats/${chatId}/pin`, { message_id: post.id });
  ownerSocket.emit('typing', { chat_id: chatId });
  return post.id;
}

type Revocation = (setup: { owner: Person; reader: Person }) => Promise<void>;

/**
 * A reader (on every node) and a follower who keeps access (on every node, the control) join the
 * owner's channel and receive its events; `revoke` ends the reader's access; then the owner
 * posts, pins and types: the follower's sockets get all of it, the reader's nothing, and the
 * reader's `chat.join` is refused everywhere.
 */
async function expectRoomClosedAfter(
  grant: (owner: Person, reader: Person) => Promise<void>,
  revoke: Revocation,
  ownerOffer: Parameters<typeof creator>[1] = {},
) {
  const urls = nodeB ? [urlA, nodeB.url] : [urlA];
  const owner = await creator(nodeA, ownerOffer);
  const [reader, follower] = [await viewer(nodeA), await viewer(nodeA)];
  await grant(owner, reader);
  await seedFollow(nodeA, follower.id, owner.id);
  const chatId = await channelIdOf(nodeA, owner.id);
  const ownerSocket = await socketOf(urlA, owner);
  expect(await joinChat(ownerSocket, chatId)).toEqual({ ok: true });
  const readerSockets: Socket[] = [];
  const followerSockets: Socket[] = [];
  for (const url of urls) {
    readerSockets.push(await socketOf(url, reader));
    followerSockets.push(await socketOf(url, follower));
  }
  for (const socket of [...readerSockets, ...followerSockets])
    expect(await joinChat(socket, chatId)).toEqual({ ok: true });

  // Before: everyone receives the channel's messages (across nodes once the adapter subscribed).
  const warm = [...readerSockets, ...followerSockets].map((s) => collect(s, 'message.created'));
  const deadline = Date.now() + 5_000;
  while (warm.some((got) => got.length === 0) && Date.now() < deadline) {
    await sendToChannel(owner, chatId, 'warm-up');
    await pause(100);
  }
  for (const got of warm) expect(got.length).toBeGreaterThan(0);

  await revoke({ owner, reader });
  // At once: when the request that ended the access has answered, no node has them in the room.
  expect(await nodeA.ctx.realtime.roomUserIds(chatRoom(chatId))).not.toContain(reader.id);
  // Only the room they lost: their own room (notices, wallet) keeps every socket.
  expect(await nodeA.ctx.realtime.roomUserIds(userRoom(reader.id))).toHaveLength(urls.length);

  const readerEvents = readerSockets.map(record);
  const followerEvents = followerSockets.map(record);
  await roomActivity(owner, ownerSocket, chatId, 'after');
  for (const events of followerEvents)
    for (const event of ROOM_EVENTS) await waitForCount(events[event]!, 1);
  await pause(200);
  for (const events of readerEvents)
    expect(Object.fromEntries(ROOM_EVENTS.map((e) => [e, events[e]!.length]))).toEqual({
      'message.created': 0,
      typing: 0,
      'chat.pinned': 0,
    });
  for (const socket of readerSockets)
    expect(await joinChat(socket, chatId)).toEqual({ ok: false, err_key: 'chat_not_found' });
}

const follows = (owner: Person, reader: Person) => seedFollow(nodeA, reader.id, owner.id);

/** Moves the pair's paid time into the past, as if it had run out. */
async function runOut(subscriberId: number, creatorId: number) {
  await nodeA.ctx.db
    .update(subscriptions)
    .set({ startsAt: sql`now() - interval '40 days'`, expiresAt: sql`now() - interval '1 second'` })
    .where(
      and(eq(subscriptions.subscriberId, subscriberId), eq(subscriptions.creatorId, creatorId)),
    );
}

/** The reader pays a top-up of 10.00 through the sandbox and subscribes (9.99) from it. */
let refundCheckout = '';
async function subscribesFromTopUp(owner: Person, reader: Person) {
  const { redirectUrl, checkoutId } = await startTopUp(reader.client, 10);
  await completeCheckout(reader.client, redirectUrl, 'success');
  const answer = await pay(reader.client, 'POST', `/api/users/${owner.id}/subscribe`, {
    period: 1,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  refundCheckout = checkoutId;
}

function suite() {
  it('a creator blocks the reader', async () => {
    await expectRoomClosedAfter(follows, async ({ owner, reader }) => {
      expect((await owner.client.post(`/api/users/${reader.id}/block`)).statusCode).toBe(200);
    });
  });

  it('the reader unfollows', async () => {
    await expectRoomClosedAfter(follows, async ({ owner, reader }) => {
      expect((await reader.client.delete(`/api/users/${owner.id}/follow`)).statusCode).toBe(200);
    });
  });

  it('the reader’s subscription ends', async () => {
    await expectRoomClosedAfter(
      (owner, reader) => seedSubscription(nodeA, reader.id, owner.id),
      async ({ owner, reader }) => {
        await runOut(reader.id, owner.id);
        await sweepSubscriptions(nodeA.ctx);
      },
    );
  });

  it('the top-up that paid the reader’s subscription is refunded', async () => {
    await expectRoomClosedAfter(
      subscribesFromTopUp,
      async ({ reader }) => {
        const answer = await sendSandboxWebhook(nodeA, reader.client, {
          id: `evt_refund_${refundCheckout}`,
          type: 'refund',
          data: { checkout_id: refundCheckout, total_refunded_cents: 1_000 },
        });
        expect(answer.statusCode).toBe(200);
      },
      { subscribePriceCents: 999 },
    );
  });
}

describe('realtime rights end with access, on one node', () => {
  beforeAll(async () => {
    nodeA = await startTestServer();
    urlA = await nodeA.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    closeSockets();
    await nodeA?.stop();
  });
  suite();
});

// Two nodes need Redis between them; without TEST_REDIS_URL this suite is skipped (CI sets it).
describe.runIf(process.env.TEST_REDIS_URL)(
  'realtime rights end with access, on two nodes (Redis adapter)',
  () => {
    let nodes: TwoNodes | undefined;
    beforeAll(async () => {
      nodes = await startTwoNodes();
      ({ nodeA, urlA, nodeB } = nodes);
    });
    afterAll(async () => {
      closeSockets();
      await nodes?.stop();
      nodeB = undefined;
    });
    suite();
  },
);
