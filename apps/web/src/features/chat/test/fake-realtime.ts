import type { ChatJoinAck, ServerToClientEvents } from '@glimpse/contract';
import { act } from '@testing-library/react';
import { useEffect, useEffectEvent } from 'react';

type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/**
 * Stands in for lib/realtime.ts and lib/realtime-rooms.ts in component tests (there is no
 * socket under test): the test plays the server, sending events and dropping the connection,
 * and reads what the screen sent. Mock both modules with
 * `vi.mock('<path>/lib/realtime.ts', () => import('<path>/test/fake-realtime.ts'))`.
 */
const listeners = new Map<string, Set<(payload: unknown) => void>>();
const connectListeners = new Set<() => void>();
const joinedChats = new Set<number>();

export const fakeServer = {
  /** What the screen sent, in order: joins, leaves and typing whispers. */
  sent: [] as { event: 'chat.join' | 'chat.leave' | 'typing'; chat_id: number }[],
  /** The acknowledgement `chat.join` answers. */
  joinAnswer: { ok: true } as ChatJoinAck,
  /** Settles when the server answers a join: at once, unless a test holds the answer back. */
  joinAnswered: Promise.resolve() as Promise<unknown>,

  /** Holds `chat.join` answers back until the returned function is called. */
  holdJoins(): () => Promise<void> {
    let answer = () => undefined as void;
    this.joinAnswered = new Promise<void>((resolve) => (answer = resolve));
    return () => act(async () => answer());
  },

  emit<E extends EventName>(event: E, payload: Payload<E>): void {
    act(() => {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    });
  },

  /** The socket came back after a drop: every screen's connection handler runs again. */
  reconnect(): void {
    act(() => {
      for (const listener of connectListeners) listener();
    });
  },

  sentOf(event: 'chat.join' | 'chat.leave' | 'typing') {
    return this.sent.filter((entry) => entry.event === event);
  },

  reset(): void {
    listeners.clear();
    connectListeners.clear();
    joinedChats.clear();
    this.sent = [];
    this.joinAnswer = { ok: true };
    this.joinAnswered = Promise.resolve();
  },
};

export function useRealtimeEvent<E extends EventName>(
  event: E,
  handler: (payload: Payload<E>) => void,
  enabled = true,
): void {
  const handleEvent = useEffectEvent((payload: unknown) => handler(payload as Payload<E>));
  useEffect(() => {
    if (!enabled) return;
    const listener = (payload: unknown) => handleEvent(payload);
    const set = listeners.get(event) ?? new Set();
    listeners.set(event, set.add(listener));
    return () => void set.delete(listener);
  }, [event, enabled]);
}

/** Connected from the start, as a socket that was already open. */
export function useRealtimeConnection(handler: () => void, enabled = true): void {
  const handleConnect = useEffectEvent(() => handler());
  useEffect(() => {
    if (!enabled) return;
    const listener = () => handleConnect();
    connectListeners.add(listener);
    listener();
    return () => void connectListeners.delete(listener);
  }, [enabled]);
}

export async function joinChatRoom(chatId: number): Promise<ChatJoinAck> {
  fakeServer.sent.push({ event: 'chat.join', chat_id: chatId });
  await fakeServer.joinAnswered;
  const answer = fakeServer.joinAnswer;
  if (answer.ok) joinedChats.add(chatId);
  return answer;
}

export function leaveChatRoom(chatId: number): void {
  joinedChats.delete(chatId);
  fakeServer.sent.push({ event: 'chat.leave', chat_id: chatId });
}

/** As lib/realtime-rooms.ts: sent (and true) only once the chat's room is joined. */
export function sendTypingWhisper(chatId: number): boolean {
  if (!joinedChats.has(chatId)) return false;
  fakeServer.sent.push({ event: 'typing', chat_id: chatId });
  return true;
}

export function realtimeSocket() {
  return undefined;
}
