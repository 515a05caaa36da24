import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@glimpse/contract';

/** The socket.io server and socket types every realtime handler is written against. */

export interface SocketData {
  userId: number;
  /** The session cookie the socket authenticated with, so logout can end its sockets. */
  sessionToken: string;
  /**
   * The client address at the handshake (X-Forwarded-For only from TRUSTED_PROXIES): handlers
   * that check access run inside it, so geo-blocking sees the socket's country.
   */
  ip: string;
}

/** Events between nodes (`serverSideEmit`, through the Redis adapter). */
export interface InterNodeEvents {
  /** A socket of the sending node joined or left the room (room-presence.ts). */
  'room.presence-changed': (room: string) => void;
}

export type HubServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterNodeEvents,
  SocketData
>;

export type HubSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterNodeEvents,
  SocketData
>;

/**
 * What a feature does with each new authenticated socket (register its client-to-server
 * events); features add theirs with `onConnection` before the hub is attached.
 */
export type ConnectionHandler = (socket: HubSocket, io: HubServer) => void;
