import { messageCursor, TYPING_TIMEOUT_MS } from '@glimpse/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeChatState, makeMessage, ME_ID } from './test/chat-fixtures.ts';
import { callsTo, page, queryOf, renderChat } from './test/chat-test-utils.tsx';
import { fakeServer } from '../../test/fake-realtime.ts';

beforeEach(() => fakeServer.reset());
afterEach(() => vi.useRealTimers());

/** The text of every message bubble, in order. */
function shownMessages(): string[] {
  return screen
    .getAllByRole('listitem')
    .filter((item) => item.querySelector('time'))
    .map((item) => item.querySelector('p')!.textContent!);
}

describe('typing indicator', () => {
  it('shows "Anna is typing" on a whisper and hides it 2 s after the last one', async () => {
    renderChat({ state: makeChatState() });
    await screen.findByRole('log', { name: 'Messages' });
    vi.useFakeTimers();
    fakeServer.emit('typing', { chat_id: 7, user_id: 42 });
    expect(screen.getByRole('status')).toHaveTextContent('Anna Karenina is typing…');
    act(() => vi.advanceTimersByTime(TYPING_TIMEOUT_MS - 500));
    // Another whisper starts the wait again.
    fakeServer.emit('typing', { chat_id: 7, user_id: 42 });
    act(() => vi.advanceTimersByTime(TYPING_TIMEOUT_MS - 100));
    expect(screen.getByRole('status')).toHaveTextContent('is typing');
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it("ignores another chat's whispers and the viewer's own", async () => {
    renderChat({ state: makeChatState() });
    await screen.findByRole('log', { name: 'Messages' });
    fakeServer.emit('typing', { chat_id: 8, user_id: 42 });
    fakeServer.emit('typing', { chat_id: 7, user_id: ME_ID });
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('sends the whisper on keydown, at most once a second', async () => {
    renderChat({ state: makeChatState() });
    const input = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(input, 'abc');
    expect(fakeServer.sentOf('typing')).toEqual([{ event: 'typing', chat_id: 7 }]);
  });

  it('sends nothing before the room is joined, and the first keydown after the join goes', async () => {
    const answerJoins = fakeServer.holdJoins();
    renderChat({ state: makeChatState() });
    const input = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(input, 'a');
    // The server would drop it (not in the room yet): not sent, and the throttle not used up.
    expect(fakeServer.sentOf('typing')).toEqual([]);
    await answerJoins();
    await userEvent.type(input, 'b');
    expect(fakeServer.sentOf('typing')).toEqual([{ event: 'typing', chat_id: 7 }]);
  });
});

describe('live messages', () => {
  it('appends an incoming message once, whether it comes by event, backfill or both', async () => {
    const later = makeMessage(3, { message: 'Third' });
    const { calls } = renderChat({
      state: makeChatState({ messages: [makeMessage(1, { message: 'First' })] }),
      handlers: {
        'GET /api/chats/7/messages': (call) =>
          queryOf(call).get('after') === messageCursor(1)
            ? page([makeMessage(2, { message: 'Second' }), later])
            : page([]),
      },
    });
    await screen.findByText('First');
    // Opening backfills from the newest message it has (the load/join gap).
    await screen.findByText('Third');
    expect(queryOf(callsTo(calls, 'GET', '/api/chats/7/messages')[0]!).get('after')).toBe(
      messageCursor(1),
    );
    fakeServer.emit('message.created', {
      chat_id: 7,
      message_id: 3,
      sender_id: 42,
      message: later,
    });
    fakeServer.emit('message.created', {
      chat_id: 7,
      message_id: 4,
      sender_id: 42,
      message: makeMessage(4, { message: 'Fourth' }),
    });
    expect(shownMessages()).toEqual(['First', 'Second', 'Third', 'Fourth']);
  });

  it('fetches what came after the newest message for an event without a copy (audio, story)', async () => {
    let announced = false;
    const { calls } = renderChat({
      state: makeChatState({ messages: [makeMessage(5, { message: 'Before' })] }),
      handlers: {
        'GET /api/chats/7/messages': (call) =>
          queryOf(call).get('after') === messageCursor(5) && announced
            ? page([makeMessage(6, { type: 'audio', message: '', audio_file_url: '/media/a.m4a' })])
            : page([]),
      },
    });
    await screen.findByText('Before');
    // Opening's backfill, then the read marks' newest page.
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/chats/7/messages')).toHaveLength(2));
    announced = true;
    fakeServer.emit('message.created', { chat_id: 7, message_id: 6, sender_id: 42 });
    expect(await screen.findByRole('button', { name: 'Play voice message' })).toBeEnabled();
    expect(document.querySelector('audio')).toHaveAttribute('src', '/media/a.m4a');
  });

  it('marks the own copy of an event by its sender', async () => {
    renderChat({ state: makeChatState() });
    await screen.findByRole('log', { name: 'Messages' });
    fakeServer.emit('message.created', {
      chat_id: 7,
      message_id: 9,
      sender_id: ME_ID,
      message: makeMessage(9, { user_id: ME_ID, own: false, message: 'From my phone' }),
    });
    const bubble = screen.getByText('From my phone').closest('li')!;
    expect(within(bubble).getByRole('img', { name: 'Sent' })).toBeInTheDocument();
  });

  it('after a reconnect joins again and backfills every page it missed, without gaps or duplicates', async () => {
    const missed = Array.from({ length: 5 }, (_, index) =>
      makeMessage(11 + index, { message: `Missed ${index + 1}` }),
    );
    let reconnected = false;
    const { calls } = renderChat({
      state: makeChatState({ messages: [makeMessage(10, { message: 'Last seen' })] }),
      handlers: {
        'GET /api/chats/7/messages': (call) => {
          if (!reconnected) return page([]);
          const after = queryOf(call).get('after');
          if (after === messageCursor(10)) return page(missed.slice(0, 3), 'c-13');
          // Overlaps the first page by one: the server's pages may, the list must not.
          if (after === 'c-13') return page(missed.slice(2), null);
          return page([]);
        },
      },
    });
    await screen.findByText('Last seen');
    await waitFor(() => expect(fakeServer.sentOf('chat.join')).toHaveLength(1));
    reconnected = true;
    fakeServer.reconnect();
    await screen.findByText('Missed 5');
    expect(fakeServer.sentOf('chat.join')).toHaveLength(2);
    expect(shownMessages()).toEqual([
      'Last seen',
      'Missed 1',
      'Missed 2',
      'Missed 3',
      'Missed 4',
      'Missed 5',
    ]);
    const afters = callsTo(calls, 'GET', '/api/chats/7/messages').map((call) =>
      queryOf(call).get('after'),
    );
    // The backfill's two pages, then the newest page for the read marks.
    await waitFor(() => expect(afters.length).toBeGreaterThan(0));
    expect(afters.filter((after) => after !== null).slice(-2)).toEqual([messageCursor(10), 'c-13']);
  });

  it('does not backfill when the server refuses the join', async () => {
    fakeServer.joinAnswer = { ok: false, err_key: 'chat_not_found' };
    const { calls } = renderChat({ state: makeChatState() });
    await screen.findByRole('log', { name: 'Messages' });
    await waitFor(() => expect(fakeServer.sentOf('chat.join')).toHaveLength(1));
    expect(callsTo(calls, 'GET', '/api/chats/7/messages')).toEqual([]);
  });

  it('shows own messages as read when the other side reads them', async () => {
    renderChat({
      state: makeChatState({
        messages: [
          makeMessage(1, { user_id: ME_ID, message: 'One' }),
          makeMessage(2, { user_id: ME_ID, message: 'Two' }),
        ],
      }),
    });
    const one = (await screen.findByText('One')).closest('li')!;
    const two = screen.getByText('Two').closest('li')!;
    fakeServer.emit('message.read', { chat_id: 7, user_id: 42, last_read_id: 1 });
    expect(within(one).getByRole('img', { name: 'Read' })).toBeInTheDocument();
    expect(within(two).getByRole('img', { name: 'Sent' })).toBeInTheDocument();
  });

  it('takes the read marks it missed without a socket from the newest page after a reconnect', async () => {
    let readByThen = false;
    renderChat({
      state: makeChatState({
        messages: [
          makeMessage(1, { user_id: ME_ID, message: 'One' }),
          makeMessage(2, { user_id: ME_ID, message: 'Two' }),
          makeMessage(3, { message: 'Reply' }),
        ],
      }),
      handlers: {
        'GET /api/chats/7/messages': (call) => {
          // Only the newest page (no cursor) carries the marks; the backfill finds nothing new.
          if (queryOf(call).get('after') !== null || !readByThen) return page([]);
          return page([
            makeMessage(2, { user_id: ME_ID, message: 'Two', is_read: true }),
            makeMessage(3, { message: 'Reply', is_read: true }),
          ]);
        },
      },
    });
    const one = (await screen.findByText('One')).closest('li')!;
    await waitFor(() => expect(fakeServer.sentOf('chat.join')).toHaveLength(1));
    expect(within(one).getByRole('img', { name: 'Sent' })).toBeInTheDocument();
    // The companion read while this client's socket was down: no message.read event came.
    readByThen = true;
    fakeServer.reconnect();
    await waitFor(() => expect(within(one).getByRole('img', { name: 'Read' })).toBeInTheDocument());
    const two = screen.getByText('Two').closest('li')!;
    expect(within(two).getByRole('img', { name: 'Read' })).toBeInTheDocument();
    // The page's messages are not merged in again: each shows once.
    expect(shownMessages()).toEqual(['One', 'Two', 'Reply']);
  });

  it('ignores events of other chats', async () => {
    renderChat({ state: makeChatState() });
    await screen.findByRole('log', { name: 'Messages' });
    fakeServer.emit('message.created', {
      chat_id: 8,
      message_id: 1,
      sender_id: 42,
      message: makeMessage(1, { chat_id: 8, message: 'Elsewhere' }),
    });
    expect(screen.queryByText('Elsewhere')).toBeNull();
  });
});
