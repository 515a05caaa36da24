import type { Server as HttpServer } from 'node:http';
import { fastifyCookie } from '@fastify/cookie';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { userRoom } from '@glimpse/contract';
import { clientAddress } from '../http/handshake-address.ts';
import type { ConnectionHandler, HubServer } from './hub-types.ts';
import type { EventName, EventPayload, RealtimeEmitter } from './realtime-emitter.ts';
import { recheckRooms, type RoomAccessScope, type RoomGuard } from './room-access.ts';
import { PRESENCE_CHANGED, PRESENCE_TTL_MS, RoomPresence } from './room-presence.ts';

export interface SocketHubOptions {
  allowedOrigin: string;
  sessionCookie: string;
  redisUrl?: string | undefined;
  /** Prefix of the Redis pub/sub channels; nodes of one deployment must share it. */
  redisChannelPrefix?: string | undefined;
  /** Proxies whose X-Forwarded-For is believed for the client address (TRUSTED_PROXIES). */
  trustedProxies?: string[] | undefined;
  /** Resolves a session token to its user, or undefined. */
  authenticate(token: string | undefined): Promise<number | undefined>;
}

/**
 * socket.io on the API's own origin. The handshake must come from our origin and carry a live
 * session cookie; each socket joins its user's room. With REDIS_URL, rooms span every node.
 */
export class SocketHub implements RealtimeEmitter {
  private io: HubServer | undefined;
  private redisClients: Redis[] = [];
  /**
   * False from the moment the adapter's Redis connection is lost until it is ready again. A
   * question to every node through a lost Redis fails only after ioredis's reconnect attempts
   * (about 10 s): a send asking who has its chat open waited that long. Meanwhile such questions
   * go to this node's sockets alone (`nodes`).
   */
  private redisUp = true;
  private readonly connectionHandlers: ConnectionHandler[] = [];
  private readonly roomGuards = new Map<string, RoomGuard>();
  /** Chat rooms' users kept between asks (room-presence.ts): a notice decision per message. */
  private readonly presence: RoomPresence;

  constructor(presenceTtlMs = PRESENCE_TTL_MS) {
    this.presence = new RoomPresence((room) => this.roomUserIds(room), ['chat:'], presenceTtlMs);
  }

  /** Registers a feature's per-socket handler; runs for every socket connected afterwards. */
  onConnection(handler: ConnectionHandler): void {
    this.connectionHandlers.push(handler);
  }

  guardRooms(guard: RoomGuard): void {
    this.roomGuards.set(guard.prefix, guard);
  }

  async recheckRoomAccess(scope: RoomAccessScope): Promise<void> {
    if (this.io) await recheckRooms(this.io, this.roomGuards, scope, this.redisUp);
  }

  /** Every node's sockets through the adapter, or this node's while its Redis is lost. */
  private nodes(io: HubServer) {
    return this.redisUp ? io : io.local;
  }

  attach(server: HttpServer, options: SocketHubOptions): void {
    const io: HubServer = new Server(server, {
      serveClient: false,
      cors: { origin: false },
      // Other WebSocket paths (the live ingest) are answered by the UpgradeRouter
      // (platform/http/upgrade-router.ts), which refuses the ones nobody owns.
      destroyUpgrade: false,
      // Browsers always send Origin on a WebSocket handshake and on cross-origin requests, so a
      // foreign page cannot hide it; only same-origin polling and non-browser clients omit it,
      // and those still need the session cookie below.
      allowRequest: (request, callback) => {
        const origin = request.headers.origin;
        callback(null, origin === undefined || origin === options.allowedOrigin);
      },
    });
    if (options.redisUrl) {
      // While Redis is gone a publish fails after one reconnect attempt instead of queueing; the
      // adapter does not await its publishes, so a failed one is caught here (an unhandled
      // rejection would end the process). Events published meanwhile reach this node's sockets
      // only; the clients' reload on reconnect catches them up (docs/health-and-faults.md).
      const pub = new Redis(options.redisUrl, { maxRetriesPerRequest: 1 });
      const publish = pub.publish.bind(pub) as (
        channel: string,
        message: string,
      ) => Promise<number>;
      pub.publish = ((channel: string, message: string) => {
        const sent = publish(channel, message);
        sent.catch(() => undefined);
        return sent;
      }) as typeof pub.publish;
      const sub = pub.duplicate();
      for (const client of [pub, sub]) client.on('error', () => undefined);
      // Reports of joins and leaves may have been lost while the subscriber was away.
      sub.on('ready', () => this.presence.clear());
      pub.on('ready', () => (this.redisUp = true));
      pub.on('close', () => (this.redisUp = false));
      this.redisClients = [pub, sub];
      io.adapter(createAdapter(pub, sub, { key: options.redisChannelPrefix ?? 'socket.io' }));
    }
    this.presence.watch(
      io,
      options.redisUrl ? (room) => io.serverSideEmit(PRESENCE_CHANGED, room) : undefined,
    );
    io.on(PRESENCE_CHANGED, (room: string) => this.presence.changed(room));
    io.use(async (socket, next) => {
      try {
        const cookies = fastifyCookie.parse(socket.handshake.headers.cookie ?? '');
        const userId = await options.authenticate(cookies[options.sessionCookie]);
        if (userId === undefined) return next(new Error('unauthenticated'));
        socket.data.userId = userId;
        socket.data.sessionToken = cookies[options.sessionCookie]!;
        socket.data.ip = clientAddress(
          socket.handshake.address,
          socket.handshake.headers['x-forwarded-for'],
          options.trustedProxies ?? [],
        );
        next();
      } catch {
        // The client sees only that it may retry, never the internal error.
        next(new Error('unavailable'));
      }
    });
    io.on('connection', (socket) => {
      void socket.join(userRoom(socket.data.userId));
      for (const handler of this.connectionHandlers) handler(socket, io);
    });
    this.io = io;
  }

  /**
   * Disconnects this user's sockets whose session ended, on every node: fetchSockets through the
   * Redis adapter finds them wherever they are, and a remote socket's disconnect is a request
   * published to its node. The fetch after it is a barrier (as in recheckRooms): a node answers
   * it only after the disconnects published before it, so none is still open once this resolves.
   */
  async disconnectSessions(userId: number, ended: (sessionToken: string) => boolean) {
    const io = this.io;
    if (!io) return;
    const room = userRoom(userId);
    const nodes = this.nodes(io);
    const sockets = (await nodes.in(room).fetchSockets()).filter((socket) =>
      ended(socket.data.sessionToken),
    );
    if (sockets.length === 0) return;
    for (const socket of sockets) socket.disconnect(true);
    await nodes.in(room).fetchSockets();
  }

  async roomUserIds(room: string): Promise<number[]> {
    if (!this.io) return [];
    const sockets = await this.nodes(this.io).in(room).fetchSockets();
    return sockets.map((socket) => socket.data.userId);
  }

  roomPresence(room: string): Promise<ReadonlySet<number>> {
    return this.presence.usersIn(room);
  }

  toUser<E extends EventName>(userId: number, event: E, payload: EventPayload<E>): void {
    const room = this.io?.to(userRoom(userId));
    // Typed per event in the contract; socket.io's overloads cannot see through the generic E.
    // Called as a method: BroadcastOperator.emit needs its `this`.
    (room as { emit(event: string, payload: unknown): boolean } | undefined)?.emit(event, payload);
  }

  toRooms<E extends EventName>(rooms: string[], event: E, payload: EventPayload<E>): void {
    if (rooms.length === 0) return;
    const target = this.io?.to(rooms);
    (target as { emit(event: string, payload: unknown): boolean } | undefined)?.emit(
      event,
      payload,
    );
  }

  /**
   * Disconnects this node's sockets and leaves the HTTP server to its owner (Fastify). Call it
   * before closing the HTTP server: open WebSockets would otherwise keep that close waiting.
   */
  async close(): Promise<void> {
    const io = this.io;
    this.io = undefined;
    if (io) {
      // `local`: with the Redis adapter a plain disconnectSockets would reach every node.
      io.local.disconnectSockets(true);
      io.engine.close();
      await io.of('/').adapter.close();
    }
    await Promise.all(this.redisClients.map((client) => client.quit().catch(() => undefined)));
    this.redisClients = [];
  }
}
