import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatRoom, streamRoom, type StreamWatchAck } from '@glimpse/contract';
import { streams } from '../../db/schema/index.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { collect, waitForCount } from '../../platform/realtime/test/socket-test-client.ts';
import { seedFollow, seedSubscription } from '../../test/access-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { viewer } from '../money/purchases/test/purchase-fixtures.ts';
import { closeSockets, joinChat, pause, socketOf } from '../chats/test/chat-sockets.ts';
import { startTwoNodes, type SecondNode, type TwoNodes } from '../chats/test/second-node.ts';
import { fakeLive, startStream } from './test/live-fixtures.ts';

/**
 * Issue 26: a stream that ends, or whose audience narrows (made private), takes the watchers
 * who lost it out of its room and its chat's room at once, on every node; its creator and
 * those still in its audience stay.
 */

let nodeA: TestServer;
let urlA: string;
let nodeB: SecondNode | undefined;

afterEach(closeSockets);

type Person = Awaited<ReturnType<typeof viewer>>;

const watch = (socket: Socket, streamId: number) =>
  socket
    .timeout(5_000)
    .emitWithAck('stream.watch', { stream_id: streamId }) as Promise<StreamWatchAck>;

async function streamChatOf(streamId: number): Promise<number> {
  const [row] = await nodeA.ctx.db
    .select({ chatId: streams.chatId })
    .from(streams)
    .where(eq(streams.id, streamId));
  return row!.chatId!;
}

/** Sockets (one per node) of `person`, in the stream's room and its chat's room. */
async function watching(person: Person, streamId: number, chatId: number): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (const url of nodeB ? [urlA, nodeB.url] : [urlA]) {
    const socket = await socketOf(url, person);
    expect(await watch(socket, streamId)).toMatchObject({ ok: true });
    expect(await joinChat(socket, chatId)).toEqual({ ok: true });
    sockets.push(socket);
  }
  return sockets;
}

/** Events sent to the stream's two rooms now (straight to the hub: only membership decides). */
function roomEvents(sockets: Socket[]) {
  return sockets.map((socket) => ({
    viewers: collect(socket, 'stream.viewers'),
    chat: collect(socket, 'chat.unpinned'),
  }));
}

async function sendToRooms(streamId: number, chatId: number) {
  nodeA.ctx.realtime.toRooms([streamRoom(streamId)], 'stream.viewers', {
    stream_id: streamId,
    viewers: 42,
  });
  nodeA.ctx.realtime.toRooms([chatRoom(chatId)], 'chat.unpinned', { chat_id: chatId });
}

/**
 * The `staying` sockets get an event sent to each room; the `leaving` ones none, their user is
 * in neither room on any node, and a new `stream.watch` and `chat.join` are refused.
 */
async function expectOut(
  streamId: number,
  chatId: number,
  staying: Socket[],
  leaving: { person: Person; sockets: Socket[] },
) {
  for (const room of [streamRoom(streamId), chatRoom(chatId)])
    expect(await nodeA.ctx.realtime.roomUserIds(room)).not.toContain(leaving.person.id);
  const stayed = roomEvents(staying);
  const left = roomEvents(leaving.sockets);
  // Across nodes the adapter may still be subscribing: send until the staying sockets have both.
  const deadline = Date.now() + 5_000;
  while (stayed.some((got) => !got.viewers.length || !got.chat.length) && Date.now() < deadline) {
    await sendToRooms(streamId, chatId);
    await pause(100);
  }
  for (const got of stayed) {
    await waitForCount(got.viewers, 1);
    await waitForCount(got.chat, 1);
  }
  await pause(200);
  expect(left.map((got) => [got.viewers.length, got.chat.length])).toEqual(
    leaving.sockets.map(() => [0, 0]),
  );
  for (const socket of leaving.sockets) {
    expect(await watch(socket, streamId)).toMatchObject({ ok: false });
    expect(await joinChat(socket, chatId)).toEqual({ ok: false, err_key: 'chat_not_found' });
  }
}

function suite() {
  it('a stream that ends: its watchers get stream.ended, then leave both rooms; its creator stays', async () => {
    const host = await viewer(nodeA);
    const fan = await viewer(nodeA);
    await seedFollow(nodeA, fan.id, host.id);
    const stream = await startStream(host.client, { title: 'Ends', audience: 'followers' });
    await fakeLive(nodeA, stream.id);
    const chatId = await streamChatOf(stream.id);
    const hostSockets = await watching(host, stream.id, chatId);
    const fanSockets = await watching(fan, stream.id, chatId);
    const ended = fanSockets.map((socket) => collect(socket, 'stream.ended'));

    expect((await host.client.delete(`/api/streams/${stream.id}`)).statusCode).toBe(200);
    for (const got of ended) await waitForCount(got, 1);
    await expectOut(stream.id, chatId, hostSockets, { person: fan, sockets: fanSockets });
  });

  it('a stream made private (subscribers only): a follower leaves, a subscriber stays', async () => {
    const host = await viewer(nodeA);
    const [follower, subscriber] = [await viewer(nodeA), await viewer(nodeA)];
    await seedFollow(nodeA, follower.id, host.id);
    await seedSubscription(nodeA, subscriber.id, host.id);
    const stream = await startStream(host.client, { title: 'Narrows', audience: 'followers' });
    await fakeLive(nodeA, stream.id);
    const chatId = await streamChatOf(stream.id);
    const followerSockets = await watching(follower, stream.id, chatId);
    const subscriberSockets = await watching(subscriber, stream.id, chatId);

    // No route changes an audience yet; this is the commit such a change would make.
    await inTransaction(nodeA.ctx.db, async (tx, effects) => {
      await tx.update(streams).set({ audience: 'subscribers' }).where(eq(streams.id, stream.id));
      effects.recheckRoomAccess({ rooms: [streamRoom(stream.id), chatRoom(chatId)] });
    });
    await expectOut(stream.id, chatId, subscriberSockets, {
      person: follower,
      sockets: followerSockets,
    });
  });
}

describe('stream rooms follow access, on one node', () => {
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
describe.runIf(process.env.TEST_REDIS_URL)('stream rooms follow access, on two nodes', () => {
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
});
