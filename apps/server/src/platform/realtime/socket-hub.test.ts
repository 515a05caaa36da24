import { once } from 'node:events';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedUpUser, TEST_PASSWORD } from '../../test/factories.ts';
import { client, startTestServer, TEST_ORIGIN, type TestServer } from '../../test/harness.ts';
import { solidImage } from '../../test/images.ts';
import { uploadAvatar } from '../../test/uploads.ts';
import { SocketHub } from './socket-hub.ts';
import {
  collect,
  connected,
  openSocket,
  refused,
  waitForCount,
} from './test/socket-test-client.ts';

const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

function track(socket: Socket): Socket {
  sockets.push(socket);
  return socket;
}

describe('the realtime hub of a running server', () => {
  let server: TestServer;
  let url: string;
  beforeAll(async () => {
    server = await startTestServer();
    url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const sessionCookie = (token: string | undefined) => `glimpse_session=${token}`;

  async function signedInSocket() {
    const { user, client: signedIn, body } = await signedUpUser(server);
    const socket = track(
      openSocket(url, { cookie: sessionCookie(signedIn.cookie), origin: TEST_ORIGIN }),
    );
    await connected(socket);
    return { user, client: signedIn, body, socket };
  }

  it("delivers an event to the user's own sockets and to no one else's", async () => {
    const alice = await signedInSocket();
    const bob = await signedInSocket();
    const toAlice = collect(alice.socket, 'user.updated');
    const toBob = collect(bob.socket, 'user.updated');

    server.ctx.realtime.toUser(alice.user.id, 'user.updated', { user_id: alice.user.id });
    // Bob's own event comes after Alice's on the same server: if hers reached him, it is first.
    server.ctx.realtime.toUser(bob.user.id, 'user.updated', { user_id: bob.user.id });

    await waitForCount(toAlice, 1);
    await waitForCount(toBob, 1);
    expect(toAlice).toEqual([{ user_id: alice.user.id }]);
    expect(toBob).toEqual([{ user_id: bob.user.id }]);
  });

  it('refuses a handshake without a session cookie', async () => {
    const error = await refused(track(openSocket(url, { origin: TEST_ORIGIN })));
    expect(error.message).toBe('unauthenticated');
  });

  it('refuses the cookie of a session that has logged out', async () => {
    const { client } = await signedUpUser(server);
    const cookie = sessionCookie(client.cookie);
    expect((await client.post('/api/auth/logout')).statusCode).toBe(204);
    const error = await refused(track(openSocket(url, { cookie, origin: TEST_ORIGIN })));
    expect(error.message).toBe('unauthenticated');
  });

  it("disconnects a session's open sockets when it logs out, and only that session's", async () => {
    const first = await signedInSocket();
    const second = track(
      openSocket(url, { cookie: sessionCookie(first.client.cookie), origin: TEST_ORIGIN }),
    );
    await connected(second);
    const otherSession = client(server);
    await otherSession.post('/api/auth/login', {
      email: first.body.email,
      password: TEST_PASSWORD,
    });
    const kept = track(
      openSocket(url, { cookie: sessionCookie(otherSession.cookie), origin: TEST_ORIGIN }),
    );
    await connected(kept);
    const disconnected = (socket: Socket) =>
      new Promise((resolve) => socket.once('disconnect', resolve));
    const gone = Promise.all([disconnected(first.socket), disconnected(second)]);
    expect((await first.client.post('/api/auth/logout')).statusCode).toBe(204);
    await gone;
    expect(kept.connected).toBe(true);
  });

  it('refuses a handshake from a foreign origin, even with a live session', async () => {
    const { client } = await signedUpUser(server);
    const cookie = sessionCookie(client.cookie);
    await refused(track(openSocket(url, { cookie, origin: 'https://evil.example' })));
    // The same cookie from our own origin is fine: the origin was the reason.
    await connected(track(openSocket(url, { cookie, origin: TEST_ORIGIN })));
  });

  it('tells the user their profile changed once a new avatar is committed', async () => {
    const { user, client, socket } = await signedInSocket();
    const updates = collect(socket, 'user.updated');
    const png = await solidImage('png', 64, 64);
    const response = await uploadAvatar(client, {
      data: png,
      filename: 'me.png',
      contentType: 'image/png',
    });
    expect(response.statusCode, response.body).toBe(200);
    await waitForCount(updates, 1);
    expect(updates).toEqual([{ user_id: user.id }]);
  });
});

describe('stopping a running server', () => {
  it('finishes promptly while a browser is still connected', async () => {
    const server = await startTestServer();
    try {
      const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
      const { client } = await signedUpUser(server);
      const socket = track(
        openSocket(url, { cookie: `glimpse_session=${client.cookie}`, origin: TEST_ORIGIN }),
      );
      await connected(socket);
      const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));
      const started = Date.now();
      // An open WebSocket keeps the HTTP server's close waiting unless the hub closes first.
      await server.stop();
      expect(Date.now() - started).toBeLessThan(5_000);
      await disconnected;
    } catch (error) {
      await server.stop().catch(() => undefined);
      throw error;
    }
  }, 60_000);
});

/** A SocketHub on a plain HTTP server, authenticating tokens of the form `user-{id}`. */
async function standaloneHub(
  options: { redisUrl?: string; redisChannelPrefix?: string } = {},
  presenceTtlMs?: number,
) {
  const http: HttpServer = createHttpServer();
  const hub = new SocketHub(presenceTtlMs);
  hub.attach(http, {
    allowedOrigin: TEST_ORIGIN,
    sessionCookie: 'session',
    ...options,
    authenticate: async (token) =>
      token?.startsWith('user-') ? Number(token.slice(5)) : undefined,
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const connect = async (userId: number) => {
    const socket = track(
      openSocket(url, { cookie: `session=user-${userId}`, origin: TEST_ORIGIN }),
    );
    await connected(socket);
    return socket;
  };
  const close = async () => {
    await hub.close();
    await new Promise((resolve) => http.close(resolve));
  };
  return { hub, http, connect, close };
}

describe('SocketHub', () => {
  it('closes with sockets still open, so the HTTP server can close right after', async () => {
    const { connect, close } = await standaloneHub();
    const socket = await connect(1);
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));
    const started = Date.now();
    await close();
    await disconnected;
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('drops an event for a user before it is attached, instead of throwing', () => {
    expect(() => new SocketHub().toUser(1, 'user.updated', { user_id: 1 })).not.toThrow();
  });

  it("keeps a chat room's presence until a socket joins or leaves it", async () => {
    // A TTL longer than the test: only the reports of joins and leaves can refresh it.
    const { hub, connect, close } = await standaloneHub({}, 60_000);
    hub.onConnection((socket) => void socket.join('chat:1'));
    expect([...(await hub.roomPresence('chat:1'))]).toEqual([]);
    const socket = await connect(1);
    expect([...(await hub.roomPresence('chat:1'))]).toEqual([1]);
    socket.disconnect();
    await expect.poll(async () => [...(await hub.roomPresence('chat:1'))]).toEqual([]);
    await close();
  });

  it('takes users out of the guarded rooms they lost, in scope only, and leaves other rooms', async () => {
    const { hub, connect, close } = await standaloneHub();
    hub.onConnection((socket) => void socket.join(['chat:1', 'chat:2', 'stream:3', 'lobby']));
    const allowedChats = new Map([
      [1, new Set([1, 2])],
      [2, new Set([1])],
    ]);
    const left: Array<[number, number[]]> = [];
    hub.guardRooms({
      prefix: 'chat',
      allowed: async (userId, ids) =>
        new Set(ids.filter((id) => allowedChats.get(userId)?.has(id))),
      left: (userId, ids) => left.push([userId, ids]),
    });
    await connect(1);
    await connect(2);
    await connect(2);
    const usersIn = async (room: string) => [...new Set(await hub.roomUserIds(room))].sort();

    await hub.recheckRoomAccess({ userIds: [1, 2] });
    expect(await usersIn('chat:1')).toEqual([1, 2]);
    expect(await usersIn('chat:2')).toEqual([1]);
    // No guard for stream rooms here, none for the lobby or the users' own rooms.
    expect(await usersIn('stream:3')).toEqual([1, 2]);
    expect(await usersIn('lobby')).toEqual([1, 2]);
    expect(await hub.roomUserIds('user:2')).toEqual([2, 2]);
    expect(left).toEqual([[2, [2]]]);

    // A room scope judges only the rooms it names.
    allowedChats.set(1, new Set());
    await hub.recheckRoomAccess({ rooms: ['chat:1'] });
    expect(await usersIn('chat:1')).toEqual([2]);
    expect(await usersIn('chat:2')).toEqual([1]);
    await close();
  });
});

// Needs a Redis server, which the embedded suite cannot have; CI sets TEST_REDIS_URL.
describe.runIf(process.env.TEST_REDIS_URL)('SocketHub across nodes (Redis adapter)', () => {
  it('delivers an event emitted on one node to the user connected to another, and only to them', async () => {
    const { Redis } = await import('ioredis');
    const redisChannelPrefix = `glimpse-test-${Date.now()}-${process.pid}:socket.io`;
    const options = { redisUrl: process.env.TEST_REDIS_URL, redisChannelPrefix };
    const nodeA = await standaloneHub(options);
    const nodeB = await standaloneHub(options);
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    try {
      const toUser7 = collect(await nodeB.connect(7), 'user.updated');
      const toUser8 = collect(await nodeB.connect(8), 'user.updated');
      // The adapter subscribes asynchronously; repeat until the first event crosses over.
      const deadline = Date.now() + 5_000;
      while (toUser7.length === 0 && Date.now() < deadline) {
        nodeA.hub.toUser(7, 'user.updated', { user_id: 7 });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(toUser7[0]).toEqual({ user_id: 7 });
      nodeA.hub.toUser(8, 'user.updated', { user_id: 8 });
      await waitForCount(toUser8, 1);
      expect(toUser8).toEqual([{ user_id: 8 }]);
    } finally {
      await nodeA.close();
      await nodeB.close();
      // The adapter talks over pub/sub only; nothing may be left behind under our prefix.
      expect(await redis.keys(`${redisChannelPrefix}*`)).toEqual([]);
      await redis.quit();
    }
  });

  it("keeps a chat room's presence on one node until a socket on another joins or leaves", async () => {
    const redisChannelPrefix = `glimpse-test-${Date.now()}-${process.pid}-presence:socket.io`;
    const options = { redisUrl: process.env.TEST_REDIS_URL, redisChannelPrefix };
    const nodeA = await standaloneHub(options, 60_000);
    const nodeB = await standaloneHub(options, 60_000);
    try {
      nodeB.hub.onConnection((socket) => void socket.join('chat:1'));
      // Until both adapters subscribed, A may not hear B at all; wait for B's first answer.
      const present = async () => [...(await nodeA.hub.roomPresence('chat:1'))];
      const first = await nodeB.connect(7);
      await expect.poll(() => nodeA.hub.roomUserIds('chat:1')).toEqual([7]);
      expect(await present()).toEqual([7]);
      const second = await nodeB.connect(8);
      // B answers a fetch only after the report of the join it published before (one
      // connection): once A's exact ask sees user 8, its kept answer must too.
      expect((await nodeA.hub.roomUserIds('chat:1')).sort()).toEqual([7, 8]);
      expect((await present()).sort()).toEqual([7, 8]);
      first.disconnect();
      second.disconnect();
      await expect.poll(() => nodeA.hub.roomUserIds('chat:1')).toEqual([]);
      expect(await present()).toEqual([]);
    } finally {
      await nodeA.close();
      await nodeB.close();
    }
  });
});
