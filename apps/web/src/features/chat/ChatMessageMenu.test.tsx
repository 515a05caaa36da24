import type { ChatListItem } from '@glimpse/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatKeys } from './chat.queries.ts';
import { makeChatState, makeListItem, makeMessage, ME_ID } from './test/chat-fixtures.ts';
import { callsTo, renderChat } from './test/chat-test-utils.tsx';
import { fakeServer } from '../../test/fake-realtime.ts';
import { LONG_PRESS_MS } from './MessageMenu.tsx';

const writeText = vi.fn<(text: string) => Promise<void>>();
beforeEach(() => {
  fakeServer.reset();
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

const mine = (id: number, text: string) => makeMessage(id, { user_id: ME_ID, message: text });
const theirs = (id: number, text: string) => makeMessage(id, { message: text });

/** The list item (bubble and its options) of the message showing `text`. */
const item = (text: string) => screen.getByText(text).closest('li')!;

async function openMenu(text: string) {
  await userEvent.click(within(item(text)).getByRole('button', { name: 'Message options' }));
  return screen.findByRole('menu');
}

describe('a message’s menu', () => {
  it('copies a text message to the clipboard, from the keyboard too', async () => {
    renderChat({ state: makeChatState({ messages: [theirs(1, 'Meet at the pier at 8')] }) });
    await screen.findByText('Meet at the pier at 8');
    const options = within(item('Meet at the pier at 8')).getByRole('button', {
      name: 'Message options',
    });
    options.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('Meet at the pier at 8');
    // Another's message: copy only, nothing to delete.
    await openMenu('Meet at the pier at 8');
    expect(screen.queryByRole('menuitem', { name: 'Delete for everyone' })).toBeNull();
  });

  it('opens on a long press on touch, not on a short tap or a scroll', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderChat({ state: makeChatState({ messages: [theirs(1, 'Hold me')] }) });
      const bubble = (await screen.findByText('Hold me')).closest('div')!;
      const touch = { pointerId: 1, pointerType: 'touch', clientX: 100, clientY: 100 };
      fireEvent.pointerDown(bubble, touch);
      await act(() => vi.advanceTimersByTimeAsync(LONG_PRESS_MS - 100));
      fireEvent.pointerUp(bubble, touch);
      await act(() => vi.advanceTimersByTimeAsync(500));
      expect(screen.queryByRole('menu')).toBeNull();
      fireEvent.pointerDown(bubble, touch);
      fireEvent.pointerMove(bubble, { ...touch, clientY: 160 });
      await act(() => vi.advanceTimersByTimeAsync(LONG_PRESS_MS + 100));
      expect(screen.queryByRole('menu')).toBeNull();
      fireEvent.pointerUp(bubble, touch);

      fireEvent.pointerDown(bubble, touch);
      await act(() => vi.advanceTimersByTimeAsync(LONG_PRESS_MS + 50));
      expect(await screen.findByRole('menuitem', { name: 'Copy' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('deletes an own message for everyone after the confirmation', async () => {
    const { calls, queryClient } = renderChat({
      state: makeChatState({ messages: [theirs(1, 'Hello'), mine(2, 'Oops, wrong chat')] }),
      handlers: { 'DELETE /api/chats/7/messages/2': { status: 204 } },
    });
    queryClient.setQueryData<ChatListItem[]>(chatKeys.list('direct'), [
      makeListItem(7, { last_message: mine(2, 'Oops, wrong chat') }),
    ]);
    await screen.findByText('Oops, wrong chat');
    await openMenu('Oops, wrong chat');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete for everyone' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete for everyone?' });
    // Nothing goes before the confirmation.
    expect(callsTo(calls, 'DELETE', '/api/chats/7/messages/2')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));

    await waitFor(() =>
      expect(callsTo(calls, 'DELETE', '/api/chats/7/messages/2')).toHaveLength(1),
    );
    expect(await screen.findByText('This message was deleted')).toBeInTheDocument();
    expect(screen.queryByText('Oops, wrong chat')).toBeNull();
    // A deleted message has no menu left; the list's preview shows it deleted.
    expect(
      within(item('This message was deleted')).queryByRole('button', { name: 'Message options' }),
    ).toBeNull();
    expect(
      queryClient.getQueryData<ChatListItem[]>(chatKeys.list('direct'))![0]!.last_message,
    ).toMatchObject({ id: 2, deleted: true, message: '' });
  });

  it('keeps the message when the confirmation is declined', async () => {
    const { calls } = renderChat({
      state: makeChatState({ messages: [mine(2, 'Second thoughts')] }),
    });
    await screen.findByText('Second thoughts');
    await openMenu('Second thoughts');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete for everyone' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete for everyone?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'No' }));
    expect(callsTo(calls, 'DELETE', '/api/chats/7/messages/2')).toHaveLength(0);
    expect(screen.getByText('Second thoughts')).toBeInTheDocument();
  });

  it('offers no delete for tips, tip requests or priced stories', async () => {
    renderChat({
      state: makeChatState({
        messages: [
          makeMessage(3, { user_id: ME_ID, type: 'user_tip', meta: { tip: { amount: 5 } } }),
        ],
      }),
    });
    const tip = (await screen.findByText(/sent a tip of \$5\.00/)).closest('li')!;
    expect(within(tip).queryByRole('button', { name: 'Message options' })).toBeNull();
  });

  it('shows a message deleted elsewhere at once (message.deleted), and ignores other chats', async () => {
    renderChat({
      state: makeChatState({ messages: [theirs(1, 'Secret plan'), theirs(2, 'Still here')] }),
    });
    await screen.findByText('Secret plan');
    fakeServer.emit('message.deleted', { chat_id: 8, message_id: 2 });
    fakeServer.emit('message.deleted', { chat_id: 7, message_id: 1 });
    expect(await screen.findByText('This message was deleted')).toBeInTheDocument();
    expect(screen.queryByText('Secret plan')).toBeNull();
    expect(screen.getByText('Still here')).toBeInTheDocument();
  });

  it('shows a message the server answers deleted as deleted', async () => {
    renderChat({
      state: makeChatState({
        messages: [makeMessage(1, { deleted: true, message: '' }), theirs(2, 'After it')],
      }),
    });
    expect(await screen.findByText('This message was deleted')).toBeInTheDocument();
  });
});
