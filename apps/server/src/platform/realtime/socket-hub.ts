import type { Server as HttpServer } from 'node:http';
import { fastifyCookie } from '@fastify/cookie';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { userRoom } from '@glimpse/contract';
import type { ConnectionHandler, HubServer } from './hub-types.ts';
import type { EventName, EventPayload, RealtimeEmitter } from './realtime-emitter.ts';
import { recheckRooms, type RoomAccessScope, type RoomGuard } from './room-access.ts';

export interface SocketHubOptions {
  allowedOrigin: string;
  sessionCookie: string;
  redisUrl?: string | undefined;
  /** Prefix of the Redis pub/sub channels; nodes of one deployment must share it. */
  redisChannelPrefix?: string | undefined;
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
  private readonly connectionHandlers: ConnectionHandler[] = [];
  private readonly roomGuards = new Map<string, RoomGuard>();

  /** Registers a feature's per-socket handler; runs for every socket connected afterwards. */
  onConnection(handler: ConnectionHandler): void {
    this.connectionHandlers.push(handler);
  }

  guardRooms(guard: RoomGuard): void {
    this.roomGuards.set(guard.prefix, guard);
  }

  async recheckRoomAccess(scope: RoomAccessScope): Promise<void> {
    if (this.io) await recheckRooms(this.io, this.roomGuards, scope);
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
      const pub = new Redis(options.redisUrl);
      const sub = pub.duplicate();
      this.redisClients = [pub, sub];
      io.adapter(createAdapter(pub, sub, { key: options.redisChannelPrefix ?? 'socket.io' }));
    }
    io.use(async (socket, next) => {
      try {
        const cookies = fastifyCookie.parse(socket.handshake.headers.cookie ?? '');
        const userId = await options.authenticate(cookies[options.sessionCookie]);
        if (userId === undefined) return next(new Error('unauthenticated'));
        socket.data.userId = userId;
        socket.data.sessionToken = cookies[options.sessionCookie]!;
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
    const sockets = (await io.in(room).fetchSockets()).filter((socket) =>
      ended(socket.data.sessionToken),
    );
    if (sockets.length === 0) return;
    for (const socket of sockets) socket.disconnect(true);
    await io.in(room).fetchSockets();
  }

  async roomUserIds(room: string): Promise<number[]> {
    if (!this.io) return [];
    const sockets = await this.io.in(room).fetchSockets();
    return sockets.map((socket) => socket.data.userId);
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
