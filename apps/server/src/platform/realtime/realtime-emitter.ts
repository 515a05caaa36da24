import type { ServerToClientEvents } from '@glimpse/contract';
import type { ConnectionHandler } from './hub-types.ts';
import type { RoomAccessScope, RoomGuard } from './room-access.ts';

export type { RoomAccessScope, RoomGuard } from './room-access.ts';

export type EventName = keyof ServerToClientEvents;
export type EventPayload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** How services send realtime events: always from an after-commit effect. */
export interface RealtimeEmitter {
  toUser<E extends EventName>(userId: number, event: E, payload: EventPayload<E>): void;
  /**
   * One event to every socket in any of the rooms (`chat:{id}`, `user:{id}`); a socket in
   * several of them receives it once.
   */
  toRooms<E extends EventName>(rooms: string[], event: E, payload: EventPayload<E>): void;
  /** A feature's handler for each newly connected socket (its client-to-server events). */
  onConnection(handler: ConnectionHandler): void;
  /**
   * The users of the sockets in a room now, on every node (one entry per socket), for counts
   * such as a stream's viewers. Empty before the hub is attached.
   */
  roomUserIds(room: string): Promise<number[]>;
  /**
   * The users with a socket in a chat's room (`chat:{id}`) now, on every node, as `roomUserIds`
   * but kept between asks until a socket joins or leaves the room on any node (or a second
   * passed): for a decision per message (notify or not), so a busy chat does not ask every node
   * for every batch (room-presence.ts). Rejects when a node does not answer.
   */
  roomPresence(room: string): Promise<ReadonlySet<number>>;
  /**
   * Ends, on every node, the user's sockets opened with a session that has just ended (logged
   * out, revoked, or signed out by a password change): `ended` tells them by their session
   * cookie. Resolves once every node has disconnected them.
   */
  disconnectSessions(userId: number, ended: (sessionToken: string) => boolean): Promise<void>;
  /** A feature's rule for who may stay in its rooms (`chat:{id}`, `stream:{id}`). */
  guardRooms(guard: RoomGuard): void;
  /**
   * Takes sockets out of the guarded rooms their users may no longer be in, on every node.
   * Services do not call it: they queue `effects.recheckRoomAccess` in the transaction that
   * ended the access, and the outbox relay calls this after the commit.
   */
  recheckRoomAccess(scope: RoomAccessScope): Promise<void>;
}
