import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@glimpse/contract';
import { messages, users } from '../../db/schema/index.ts';
import { startTestServer, TEST_ORIGIN, type TestServer } from '../../test/harness.ts';
import {
  collect,
  openSocket,
  refused,
  waitForCount,
} from '../../platform/realtime/test/socket-test-client.ts';
import {
  channelIdOf,
  creator,
  newClientId,
  seedFollow,
  sendText,
  sendToChannel,
  sent,
  viewer,
} from './test/chat-fixtures.ts';
import type { HubSocket } from '../../platform/realtime/hub-types.ts';
import { PresenceTracker } from './presence.ts';
import { closeSockets, joinChat, pause, socketOf } from './test/chat-sockets.ts';

let server: TestServer;
let url: string;
beforeAll(async () => {
  server = await startTestServer();
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server?.stop();
});
afterEach(closeSockets);

const rowsIn = async (chatId: number) => {
  const [row] = await server.ctx.db
    .select({ n: count() })
    .from(messages)
    .where(eq(messages.chatId, chatId));
  return row!.n;
};

/** Events handed to the realtime hub by the outbox relay (and anyone else) until `stop`. */
function recordDeliveries() {
  const hub = server.ctx.realtime;
  const { toRooms, toUser } = hub;
  const events: string[] = [];
  hub.toRooms = (rooms, event, payload) => {
    events.push(event);
    toRooms.call(hub, rooms, event, payload);
  };
  hub.toUser = (userId, event, payload) => {
    events.push(event);
    toUser.call(hub, userId, event, payload);
  };
  return {
    events,
    stop: () => {
      hub.toRooms = toRooms;
      hub.toUser = toUser;
    },
  };
}

describe('message.created', () => {
  it('reaches the other member with the neutral copy, once, and a retry sends nothing', async () => {
    const [a, b] = [await viewer(server), await viewer(server)];
    const socket = await socketOf(url, b);
    const created = collect(socket, 'message.created');
    const clientId = newClientId();
    const first = (await sendText(a, b, 'hello', clientId)).json<Message>();
    // In the chat's room too: a socket in two of the rooms still gets the event once.
    expect(await joinChat(socket, first.chat_id)).toEqual({ ok: true });
    await sendText(a, b, 'hello', clientId);
    const marker = await sent(a, b, 'marker');
    await waitForCount(created, 2);
    await pause(100);
    expect(created).toEqual([
      {
        chat_id: first.chat_id,
        message_id: first.id,
        sender_id: a.id,
        message: {
          ...first,
          own: false,
          is_read: false,
          profile_image: null,
        },
      },
      expect.objectContaining({ message_id: marker.id }),
    ]);
  });

  it('with the chat open, carries the same copy from the one-statement path; a retry sends nothing', async () => {
    const [a, b] = [await viewer(server), await viewer(server)];
    const opened = await sent(a, b, 'opening');
    const socket = await socketOf(url, b);
    expect(await joinChat(socket, opened.chat_id)).toEqual({ ok: true });
    const created = collect(socket, 'message.created');
    const deliveries = recordDeliveries();
    const clientId = newClientId();
    // Two sends at once (one batch or two), the second a retry of the first.
    const [first, retry] = await Promise.all([
      sendText(a, b, 'live "quoted" text', clientId),
      sendText(a, b, 'live "quoted" text', clientId),
    ]);
    deliveries.stop();
    const answer = first.json<Message>();
    expect(retry.json<Message>().id).toBe(answer.id);
    await waitForCount(created, 1);
    await pause(100);
    expect(created).toEqual([
      {
        chat_id: opened.chat_id,
        message_id: answer.id,
        sender_id: a.id,
        message: { ...answer, own: false, is_read: false, profile_image: null },
      },
    ]);
    expect(deliveries.events).toEqual(['message.created']);
    expect(await rowsIn(opened.chat_id)).toBe(2);
    // The history reads the same message back (its time to the millisecond).
    const history = await b.client.get(`/api/chats/${opened.chat_id}/messages`);
    const listed = history.json<{ messages: Message[] }>().messages.find((m) => m.id === answer.id);
    expect(listed).toMatchObject({
      date: answer.date,
      message: answer.message,
      client_id: clientId,
    });
  });

  it('reaches a channel’s joined viewers through its room, with pins', async () => {
    const [owner, fan] = [await creator(server), await viewer(server)];
    await seedFollow(server, fan.id, owner.id);
    const chatId = await channelIdOf(server, owner.id);
    const socket = await socketOf(url, fan);
    const created = collect(socket, 'message.created');
    const pinned = collect(socket, 'chat.pinned');
    const unpinned = collect(socket, 'chat.unpinned');
    expect(await joinChat(socket, chatId)).toEqual({ ok: true });
    const post = (await sendToChannel(owner, chatId, 'news')).json<{ data: Message }>().data;
    await waitForCount(created, 1);
    expect(created[0]).toMatchObject({ chat_id: chatId, message: { message: 'news' } });
    await owner.client.post(`/api/chats/${chatId}/pin`, { message_id: post.id });
    await waitForCount(pinned, 1);
    expect(pinned[0]).toMatchObject({ chat_id: chatId, pinned_message: { id: post.id } });
    await owner.client.delete(`/api/chats/${chatId}/pin`);
    await waitForCount(unpinned, 1);
    expect(unpinned).toEqual([{ chat_id: chatId }]);
  });
});

describe('message.read', () => {
  it('tells the sender how far the other member read, once per move', async () => {
    const [a, b] = [await viewer(server), await viewer(server)];
    const socket = await socketOf(url, a);
    const reads = collect(socket, 'message.read');
    const last = await sent(a, b, 'seen?');
    const read = () => b.client.post('/api/messages/read', { chat_id: last.chat_id });
    expect((await read()).statusCode).toBe(204);
    expect((await read()).statusCode).toBe(204);
    await waitForCount(reads, 1);
    await pause(100);
    expect(reads).toEqual([{ chat_id: last.chat_id, user_id: b.id, last_read_id: last.id }]);
  });
});

describe('chat rooms and typing', () => {
  it('relays typing to the other member in the room, rate-limited, never stored', async () => {
    const [a, b] = [await viewer(server), await viewer(server)];
    const { chat_id: chatId } = await sent(a, b, 'start');
    const [socketA, socketB] = [await socketOf(url, a), await socketOf(url, b)];
    const toA = collect(socketA, 'typing');
    const toB = collect(socketB, 'typing');
    // Not joined yet: nothing is relayed.
    socketA.emit('typing', { chat_id: chatId });
    await pause(100);
    expect(toB).toEqual([]);
    expect(await joinChat(socketA, chatId)).toEqual({ ok: true });
    expect(await joinChat(socketB, chatId)).toEqual({ ok: true });
    // Whatever goes through the outbox is delivered through ctx.realtime: record it.
    const delivered = recordDeliveries();
    for (let i = 0; i < 5; i += 1) socketA.emit('typing', { chat_id: chatId });
    await waitForCount(toB, 1);
    await pause(150);
    delivered.stop();
    expect(toB).toEqual([{ chat_id: chatId, user_id: a.id }]);
    expect(toA).toEqual([]);
    expect(await rowsIn(chatId)).toBe(1);
    expect(delivered.events).toEqual([]);
  });

  it('refuses to join another chat’s room: no events reach the outsider', async () => {
    const [a, b, outsider] = [await viewer(server), await viewer(server), await viewer(server)];
    const { chat_id: chatId } = await sent(a, b, 'private');
    const socket = await socketOf(url, outsider);
    const heard = [
      ...['message.created', 'typing', 'message.read'].map((event) => collect(socket, event)),
    ];
    expect(await joinChat(socket, chatId)).toEqual({ ok: false, err_key: 'chat_not_found' });
    expect(await joinChat(socket, 2_000_000_000)).toEqual({ ok: false, err_key: 'chat_not_found' });
    expect(await joinChat(socket, 'x' as unknown as number)).toEqual({
      ok: false,
      err_key: 'chat_not_found',
    });
    const socketB = await socketOf(url, b);
    const toB = collect(socketB, 'message.created');
    await joinChat(await socketOf(url, a), chatId);
    socket.emit('typing', { chat_id: chatId });
    await sent(a, b, 'still private');
    await b.client.post('/api/messages/read', { chat_id: chatId });
    await waitForCount(toB, 1);
    await pause(150);
    expect(heard.flat()).toEqual([]);
  });

  it('fails the handshake from a foreign origin', async () => {
    const fan = await viewer(server);
    const socket = openSocket(url, {
      cookie: `glimpse_session=${fan.client.cookie}`,
      origin: 'https://evil.example',
    });
    try {
      await refused(socket);
    } finally {
      socket.disconnect();
    }
    expect(TEST_ORIGIN).not.toBe('https://evil.example');
  });
});

describe('presence', () => {
  const seenAt = async (userId: number) =>
    (
      await server.ctx.db.select({ at: users.lastSeenAt }).from(users).where(eq(users.id, userId))
    )[0]!.at;
  const until = async (done: () => Promise<boolean>) => {
    const deadline = Date.now() + 5_000;
    while (!(await done()) && Date.now() < deadline) await pause(20);
  };

  it('marks a user seen when their socket connects', async () => {
    const fan = await viewer(server);
    expect(await seenAt(fan.id)).toBeNull();
    await socketOf(url, fan);
    await until(async () => (await seenAt(fan.id)) !== null);
    expect(Date.now() - (await seenAt(fan.id))!.getTime()).toBeLessThan(10_000);
  });

  it('refreshes every connected user in one write per period, and stops with the node', async () => {
    const [a, b] = [await viewer(server), await viewer(server)];
    const tracker = new PresenceTracker(server.ctx, 50);
    const disconnects: (() => void)[] = [];
    const fakeSocket = (userId: number) =>
      ({
        data: { userId },
        once: (_event: string, handler: () => void) => disconnects.push(handler),
      }) as unknown as HubSocket;
    tracker.track(fakeSocket(a.id));
    tracker.track(fakeSocket(b.id));
    const longAgo = new Date(Date.now() - 3_600_000);
    await until(async () => (await seenAt(a.id)) !== null && (await seenAt(b.id)) !== null);
    await server.ctx.db.update(users).set({ lastSeenAt: longAgo }).where(eq(users.id, a.id));
    await until(async () => (await seenAt(a.id))!.getTime() > longAgo.getTime());
    expect((await seenAt(a.id))!.getTime()).toBeGreaterThan(longAgo.getTime());
    for (const disconnect of disconnects) disconnect();
    await tracker.stop();
    await server.ctx.db.update(users).set({ lastSeenAt: longAgo }).where(eq(users.id, a.id));
    await pause(150);
    expect(await seenAt(a.id)).toEqual(longAgo);
  });
});
