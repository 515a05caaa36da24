import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer } from '../test/fake-realtime.ts';
import { joinChatRoom, leaveChatRoom, sendTypingWhisper } from './realtime-rooms.ts';

/*
 * The room bookkeeping behind the typing whisper, over a stand-in for socket.io's client socket
 * (unit tests have no server; the whisper's way through the real server is the chat-realtime
 * journey's). It answers `chat.join` with `fakeServer.joinAnswer` and records what is emitted.
 */
const whispers = () => fakeServer.sentOf('typing');

// A new connection each test: rooms joined on the last one let no whisper through.
beforeEach(() => fakeServer.reset());

describe('sendTypingWhisper', () => {
  it('sends only once the room is joined, and stops when it is left', async () => {
    expect(sendTypingWhisper(7)).toBe(false);
    expect(await joinChatRoom(7)).toEqual({ ok: true });
    expect(sendTypingWhisper(7)).toBe(true);
    expect(sendTypingWhisper(8)).toBe(false);
    expect(whispers()).toEqual([{ event: 'typing', chat_id: 7 }]);
    leaveChatRoom(7);
    expect(sendTypingWhisper(7)).toBe(false);
    expect(whispers()).toHaveLength(1);
  });

  it('sends nothing after a refused join', async () => {
    fakeServer.joinAnswer = { ok: false, err_key: 'chat_not_found' };
    expect(await joinChatRoom(7)).toEqual({ ok: false, err_key: 'chat_not_found' });
    expect(sendTypingWhisper(7)).toBe(false);
    expect(whispers()).toEqual([]);
  });

  it('sends nothing while disconnected, nor on a new connection until it joins again', async () => {
    await joinChatRoom(7);
    fakeServer.drop();
    expect(sendTypingWhisper(7)).toBe(false);
    // Reconnected: a new connection, which the server gave no rooms.
    fakeServer.reconnect();
    expect(sendTypingWhisper(7)).toBe(false);
    await joinChatRoom(7);
    expect(sendTypingWhisper(7)).toBe(true);
    expect(whispers()).toHaveLength(1);
  });
});
