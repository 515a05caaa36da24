import type { ClientToServerEvents, ServerToClientEvents } from '@glimpse/contract';
import { useEffect, useEffectEvent } from 'react';
import type { Socket } from 'socket.io-client';
import { whenIdleAfterLoad } from './idle.ts';
import { nextTask } from './next-task.ts';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type RealtimeEvent = keyof ServerToClientEvents;
type Payload<E extends RealtimeEvent> = Parameters<ServerToClientEvents[E]>[0];

let connecting: Promise<RealtimeSocket> | undefined;

/**
 * Unit tests run without a server: a socket there would only retry against nothing, so they get
 * no socket at all (screens behave as if no event ever arrived), unless a test installs a
 * stand-in with installTestSocket.
 */
const realtimeAvailable = import.meta.env.MODE !== 'test';

/**
 * The one socket of the signed-in session, opened on first use. Same origin, so the session
 * cookie authenticates the handshake; signing out reloads the page, which closes it. The client
 * library is fetched then too, keeping it out of the first page load, and not before the page
 * has loaded: on a slow phone network it would otherwise compete with the first screen's data.
 */
export function realtimeSocket(): Promise<RealtimeSocket> | undefined {
  if (!realtimeAvailable) return connecting;
  // A chat opened first connects at once: its read receipts and messages are the screen.
  const onChat = /^\/(messages|channels)(\/|$)/i.test(window.location.pathname);
  connecting ??= (
    onChat ? Promise.resolve() : new Promise<void>((resolve) => whenIdleAfterLoad(resolve))
  )
    .then(() => import('socket.io-client'))
    // The library's top-level code and opening the connection each take a few milliseconds
    // here and four times that on a phone: a task apiece, rather than one long one.
    .then(async (client) => {
      await nextTask();
      return client;
    })
    // WebSocket first: socket.io's default (long-polling, then an upgrade) costs a phone two
    // more requests and their handling; where a network blocks WebSockets it still falls back.
    .then(({ io }) =>
      io({ withCredentials: true, transports: ['websocket', 'polling'], tryAllTransports: true }),
    );
  return connecting;
}

/**
 * The test seam: makes `realtimeSocket()` hand out `socket` (`undefined`: no socket again), so
 * that component tests run this module and realtime-rooms.ts as they are, against a stand-in
 * that plays the server (test/fake-realtime.ts), rather than replacing them with `vi.mock`,
 * which would cost each such file a module graph and a jsdom of its own. Unit tests only: the
 * app's one socket is the one realtimeSocket opens.
 */
export function installTestSocket(socket: RealtimeSocket | undefined): void {
  if (realtimeAvailable) throw new Error('installTestSocket is for unit tests only');
  connecting = socket && Promise.resolve(socket);
}

/** Calls `handler` with each `event` payload the server sends while the component is mounted. */
export function useRealtimeEvent<E extends RealtimeEvent>(
  event: E,
  handler: (payload: Payload<E>) => void,
  enabled = true,
): void {
  const handleEvent = useEffectEvent((payload: Payload<E>) => handler(payload));
  useEffect(() => {
    const connection = enabled ? realtimeSocket() : undefined;
    if (!connection) return;
    // socket.io's typed `on` cannot narrow a generic event name; every event has one payload.
    const name: string = event;
    const listener = (payload: Payload<E>) => handleEvent(payload);
    let socket: Socket | undefined;
    let unmounted = false;
    void connection.then((connected: Socket) => {
      if (unmounted) return;
      socket = connected;
      socket.on(name, listener);
    });
    return () => {
      unmounted = true;
      socket?.off(name, listener);
    };
  }, [event, enabled]);
}
