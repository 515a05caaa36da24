import type { ChatListItem } from '@glimpse/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { chatKeys } from './chat.queries.ts';
import { makeChatState, makeListItem, makeMessage, ME_ID } from './test/chat-fixtures.ts';
import { callsTo, page, queryOf, renderChat } from './test/chat-test-utils.tsx';
import { fakeScrollLayout } from './test/fake-scroll-layout.ts';
import { fakeServer } from '../../test/fake-realtime.ts';

beforeEach(() => fakeServer.reset());

const readMessages = (id = 1) =>
  Array.from({ length: 6 }, (_, index) =>
    makeMessage(id + index, { is_read: true, user_id: index % 2 ? ME_ID : 42 }),
  );

/** A tick for effects and answers that would have run by now. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('marking read', () => {
  it('marks the chat read when it opens at the last message and something is unread', async () => {
    fakeScrollLayout();
    const { calls, queryClient } = renderChat({
      state: makeChatState({
        messages: [...readMessages(), makeMessage(7, { message: 'Unread one' })],
      }),
    });
    queryClient.setQueryData<ChatListItem[]>(chatKeys.list('direct'), [
      makeListItem(7, { unread_count: 1 }),
    ]);
    await screen.findByText('Unread one');
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/messages/read')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/messages/read')[0]!.body).toEqual({ chat_id: 7 });
    // The list's row shows nothing unread any more.
    await waitFor(() =>
      expect(
        queryClient.getQueryData<ChatListItem[]>(chatKeys.list('direct'))![0]!.unread_count,
      ).toBe(0),
    );
  });

  it('asks nothing when all is read', async () => {
    fakeScrollLayout();
    const { calls } = renderChat({ state: makeChatState({ messages: readMessages() }) });
    await screen.findByText('Message 6');
    await settle();
    expect(callsTo(calls, 'POST', '/api/messages/read')).toEqual([]);
  });

  it('waits until the viewer scrolls to the last message', async () => {
    const layout = fakeScrollLayout();
    const { calls } = renderChat({ state: makeChatState({ messages: readMessages() }) });
    await screen.findByText('Message 6');
    const log = screen.getByRole('log', { name: 'Messages' });
    layout.scrollTo(log, 150);
    fakeServer.emit('message.created', {
      chat_id: 7,
      message_id: 7,
      sender_id: 42,
      message: makeMessage(7, { message: 'New while away' }),
    });
    await screen.findByText('New while away');
    await settle();
    expect(callsTo(calls, 'POST', '/api/messages/read')).toEqual([]);

    layout.scrollTo(log, layout.heightOf(log));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/messages/read')).toHaveLength(1));
    // Read now: reaching the end again asks nothing more.
    layout.scrollTo(log, 0);
    layout.scrollTo(log, layout.heightOf(log));
    await settle();
    expect(callsTo(calls, 'POST', '/api/messages/read')).toHaveLength(1);
  });
});

describe('history', () => {
  it('loads the older page near the top and keeps the visible messages where they were', async () => {
    const layout = fakeScrollLayout();
    const { calls } = renderChat({
      state: makeChatState({ messages: readMessages(20), older_cursor: 'c-older' }),
      handlers: {
        'GET /api/chats/7/messages': (call) =>
          queryOf(call).get('before') === 'c-older' ? page(readMessages(14), null) : page([]),
      },
    });
    await screen.findByText('Message 25');
    const log = screen.getByRole('log', { name: 'Messages' });
    const heightBefore = layout.heightOf(log);
    // Opened at the end.
    expect(log.scrollTop).toBe(heightBefore - 300);

    layout.scrollTo(log, 50);
    await screen.findByText('Message 14');
    const before = callsTo(calls, 'GET', '/api/chats/7/messages').filter((call) =>
      queryOf(call).has('before'),
    );
    expect(before).toHaveLength(1);
    // What was 50 px from the top is still 50 px from the top: below the new page.
    const added = layout.heightOf(log) - heightBefore;
    expect(added).toBe(6 * 100);
    expect(log.scrollTop).toBe(added + 50);

    // The history is complete: the top asks for nothing more.
    layout.scrollTo(log, 0);
    await settle();
    expect(
      callsTo(calls, 'GET', '/api/chats/7/messages').filter((call) => queryOf(call).has('before')),
    ).toHaveLength(1);
  });

  it('follows a new message to the end when the viewer is at the end', async () => {
    const layout = fakeScrollLayout();
    renderChat({ state: makeChatState({ messages: readMessages() }) });
    await screen.findByText('Message 6');
    const log = screen.getByRole('log', { name: 'Messages' });
    fakeServer.emit('message.created', {
      chat_id: 7,
      message_id: 7,
      sender_id: 42,
      message: makeMessage(7),
    });
    expect(log.scrollTop).toBe(layout.heightOf(log) - 300);
  });
});
