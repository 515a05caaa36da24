import type { ChatJoinAck } from '@glimpse/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { joinChatRoom, leaveChatRoom, sendTypingWhisper } from './realtime-rooms.ts';

/*
 * The room bookkeeping behind the typing whisper, over a stand-in for socket.io's client socket
 * (unit tests have no server; the whisper's way through the real server is the chat-realtime
 * journey's). It answers `chat.join` with `joinAnswer` and records what is emitted.
 */
const socket = vi.hoisted(() => ({
  id: 'connection-1' as string | undefined,
  connected: true,
  joinAnswer: { ok: true } as ChatJoinAck,
  emitted: [] as { event: string; payload: unknown }[],
  timeout() {
    return {
      emitWithAck: (event: string, payload: unknown) => {
        socket.emitted.push({ event, payload });
        return Promise.resolve(socket.joinAnswer);
      },
    };
  },
  volatile: {
    emit: (event: string, payload: unknown) => socket.emitted.push({ event, payload }),
  },
}));
vi.mock('./realtime.ts', () => ({ realtimeSocket: () => Promise.resolve(socket) }));

const whispers = () => socket.emitted.filter((entry) => entry.event === 'typing');

beforeEach(() => {
  leaveChatRoom(7);
  Object.assign(socket, { id: 'connection-1', connected: true, joinAnswer: { ok: true } });
  socket.emitted = [];
});

describe('sendTypingWhisper', () => {
  it('sends only once the room is joined, and stops when it is left', async () => {
    expect(sendTypingWhisper(7)).toBe(false);
    expect(await joinChatRoom(7)).toEqual({ ok: true });
    expect(sendTypingWhisper(7)).toBe(true);
    expect(sendTypingWhisper(8)).toBe(false);
    expect(whispers()).toEqual([{ event: 'typing', payload: { chat_id: 7 } }]);
    leaveChatRoom(7);
    expect(sendTypingWhisper(7)).toBe(false);
    expect(whispers()).toHaveLength(1);
  });

  it('sends nothing after a refused join', async () => {
    socket.joinAnswer = { ok: false, err_key: 'chat_not_found' };
    expect(await joinChatRoom(7)).toEqual({ ok: false, err_key: 'chat_not_found' });
    expect(sendTypingWhisper(7)).toBe(false);
    expect(whispers()).toEqual([]);
  });

  it('sends nothing while disconnected, nor on a new connection until it joins again', async () => {
    await joinChatRoom(7);
    socket.connected = false;
    expect(sendTypingWhisper(7)).toBe(false);
    // Reconnected: a new connection, which the server gave no rooms.
    Object.assign(socket, { connected: true, id: 'connection-2' });
    expect(sendTypingWhisper(7)).toBe(false);
    await joinChatRoom(7);
    expect(sendTypingWhisper(7)).toBe(true);
    expect(whispers()).toHaveLength(1);
  });
});
