import type {
  ChatJoinAck,
  ClientToServerEvents,
  ServerToClientEvents,
  StreamWatchAck,
} from '@glimpse/contract';
import { act, waitFor } from '@testing-library/react';
import { installTestSocket, type RealtimeSocket } from '../lib/realtime.ts';

type ServerEvent = keyof ServerToClientEvents;
type Payload<E extends ServerEvent> = Parameters<ServerToClientEvents[E]>[0];
type ClientEvent = keyof ClientToServerEvents;
type ClientPayload<E extends ClientEvent> = Parameters<ClientToServerEvents[E]>[0];
type ChatEvent = 'chat.join' | 'chat.leave' | 'typing';
type StreamEvent = 'stream.watch' | 'stream.leave';
type Listener = (payload?: unknown) => void;

/*
 * A stand-in for the socket in component tests (there is no server under test). lib/realtime.ts
 * and lib/realtime-rooms.ts run as they are, over a fake of socket.io's client socket that
 * lib/realtime.ts's installTestSocket hands them; the test plays the server through `fakeServer`
 * (and `fakeStreams` for the stream rooms): it sends events, drops and restores the connection,
 * answers the requests, and reads what the screen sent.
 *
 * A file that uses it calls `fakeServer.reset()` (or `fakeStreams.reset()`) before each test,
 * which opens a new, connected socket; setup.ts closes it after every test, so the files after
 * it in the same worker have no socket again.
 */

let connections = 0;

/**
 * socket.io's client `Socket` as far as those two modules use it: `connected` and `id`, `on` /
 * `off`, requests with an acknowledgement (`timeout(ms).emitWithAck`) and volatile emits.
 */
class FakeSocket {
  connected = false;
  id: string | undefined;
  readonly listeners = new Map<string, Set<Listener>>();

  on(event: string, listener: Listener): this {
    const set = this.listeners.get(event) ?? new Set();
    this.listeners.set(event, set.add(listener));
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  /**
   * A request the server acknowledges. The fake answers at once (or when the test releases a
   * held join), so the time limit never runs out, except on a dropped connection, which gets no
   * answer: there the wait ends at once, as the time limit would.
   */
  timeout(_ms: number) {
    return {
      emitWithAck: <E extends 'chat.join' | 'stream.watch'>(event: E, payload: ClientPayload<E>) =>
        this.connected
          ? answer(event, payload)
          : Promise.reject(new Error('operation has timed out')),
    };
  }

  /** Emits that are dropped, not sent late, while the connection is down. */
  get volatile() {
    return {
      emit: <E extends 'chat.leave' | 'stream.leave' | 'typing'>(
        event: E,
        payload: ClientPayload<E>,
      ) => {
        if (this.connected) receive(event, payload);
      },
    };
  }

  /** The server's side: an event reaches the listeners only over a live connection. */
  deliver(event: ServerEvent, payload: unknown): void {
    if (this.connected) this.dispatch(event, payload);
  }

  /** A new connection: a new id on the server, which has none of the old one's rooms. */
  connect(): void {
    this.connected = true;
    this.id = `connection-${++connections}`;
    this.dispatch('connect');
  }

  disconnect(): void {
    if (!this.connected) return;
    this.connected = false;
    this.id = undefined;
    this.dispatch('disconnect', 'transport close');
  }

  private dispatch(event: string, payload?: unknown): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(payload);
  }
}

let socket: FakeSocket | undefined;

function currentSocket(): FakeSocket {
  if (!socket) throw new Error('No fake socket: call fakeServer.reset() before each test');
  return socket;
}

/** The server's answer to a request: recorded, then acknowledged. */
async function answer<E extends 'chat.join' | 'stream.watch'>(
  event: E,
  payload: ClientPayload<E>,
): Promise<ChatJoinAck | StreamWatchAck> {
  receive(event, payload);
  if (event === 'stream.watch') return fakeStreams.watchAnswer;
  await fakeServer.joinAnswered;
  return fakeServer.joinAnswer;
}

/** Records what the client sent, in the chat's log or the streams' one. */
function receive(event: ClientEvent, payload: ClientPayload<ClientEvent>): void {
  if (event === 'stream.watch' || event === 'stream.leave') {
    fakeStreams.sent.push({ event, stream_id: (payload as { stream_id: number }).stream_id });
  } else {
    fakeServer.sent.push({ event, chat_id: (payload as { chat_id: number }).chat_id });
  }
}

/** A fresh server: a new, connected socket for realtimeSocket() to hand out, empty logs. */
function reset(): void {
  fakeServer.close();
  fakeServer.sent = [];
  fakeServer.joinAnswer = { ok: true };
  fakeServer.joinAnswered = Promise.resolve();
  fakeStreams.sent = [];
  fakeStreams.watchAnswer = { ok: true, viewers: 1 };
  socket = new FakeSocket();
  socket.connect();
  // The fake has only the part of socket.io's Socket that the realtime modules use.
  installTestSocket(socket as unknown as RealtimeSocket);
}

export const fakeServer = {
  /** What the screen sent, in order: joins, leaves and typing whispers. */
  sent: [] as { event: ChatEvent; chat_id: number }[],
  /** The acknowledgement `chat.join` answers. */
  joinAnswer: { ok: true } as ChatJoinAck,
  /** Settles when the server answers a join: at once, unless a test holds the answer back. */
  joinAnswered: Promise.resolve() as Promise<unknown>,

  /** Holds `chat.join` answers back until the returned function is called. */
  holdJoins(): () => Promise<void> {
    let release = () => undefined as void;
    this.joinAnswered = new Promise<void>((resolve) => (release = resolve));
    return () => act(async () => release());
  },

  /** Sends `event` to the screen (the listeners subscribe once the socket promise settles). */
  emit<E extends ServerEvent>(event: E, payload: Payload<E>): void {
    const current = currentSocket();
    act(() => current.deliver(event, payload));
  },

  /** The connection drops: nothing is received or sent until `reconnect()`. */
  drop(): void {
    const current = currentSocket();
    act(() => current.disconnect());
  },

  /**
   * The socket came back after a drop (dropping it first if it is up): a new connection, on
   * which every screen's connection handler runs again.
   */
  reconnect(): void {
    const current = currentSocket();
    act(() => {
      current.disconnect();
      current.connect();
    });
  },

  sentOf(event: ChatEvent) {
    return this.sent.filter((entry) => entry.event === event);
  },

  /** How many listeners the screen has on `event` ('connect' included). */
  listenerCount(event: ServerEvent | 'connect'): number {
    return currentSocket().listeners.get(event)?.size ?? 0;
  },

  /**
   * Settles once the screen listens to each of `events`: the realtime hooks subscribe when the
   * socket promise settles, a moment after the render.
   */
  async whenListening(...events: (ServerEvent | 'connect')[]): Promise<void> {
    await waitFor(() => {
      const missing = events.filter((event) => this.listenerCount(event) === 0);
      if (missing.length > 0) throw new Error(`Nothing listens to ${missing.join(', ')} yet`);
    });
  },

  /** The events the screen listens to, in the order it first subscribed. */
  listening(): string[] {
    return [...currentSocket().listeners].filter(([, set]) => set.size > 0).map(([name]) => name);
  },

  /** A fresh server and a new, connected socket: call it before each test. */
  reset,

  /**
   * The connection goes for good and realtimeSocket() hands out no socket again (setup.ts, after
   * every test, once the screens are unmounted). The socket stays disconnected: a room
   * realtime-rooms.ts noted as joined on it lets no typing whisper through in a later test or
   * file. Throws when a listener outlived its screen: an effect that never unsubscribed.
   */
  close(): void {
    const left = socket ? this.listening() : [];
    socket?.disconnect();
    socket = undefined;
    installTestSocket(undefined);
    if (left.length > 0) {
      throw new Error(`Still listening to ${left.join(', ')} after the screen was unmounted`);
    }
  },
};

/** The stream rooms: `stream.watch` and `stream.leave` over the same fake socket. */
export const fakeStreams = {
  /** `stream.watch` / `stream.leave` the screen sent, in order. */
  sent: [] as { event: StreamEvent; stream_id: number }[],
  /** The acknowledgement `stream.watch` answers. */
  watchAnswer: { ok: true, viewers: 1 } as StreamWatchAck,
  /** The same as `fakeServer.reset()`: a fresh server, chat and streams alike. */
  reset,
};
