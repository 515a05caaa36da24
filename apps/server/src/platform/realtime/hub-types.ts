import type { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@glimpse/contract';

/** The socket.io server and socket types every realtime handler is written against. */

export interface SocketData {
  userId: number;
  /** The session cookie the socket authenticated with, so logout can end its sockets. */
  sessionToken: string;
}

export type HubServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

export type HubSocket = Parameters<Parameters<HubServer['on']>[1]>[0];

/**
 * What a feature does with each new authenticated socket (register its client-to-server
 * events); features add theirs with `onConnection` before the hub is attached.
 */
export type ConnectionHandler = (socket: HubSocket, io: HubServer) => void;
