import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeChannelState, makeMessage, ME_ID } from './test/chat-fixtures.ts';
import { callsTo, page, queryOf, renderChat } from './test/chat-test-utils.tsx';
import { fakeServer } from '../../test/fake-realtime.ts';

const scrolledTo: Element[] = [];
beforeEach(() => {
  fakeServer.reset();
  scrolledTo.length = 0;
  // jsdom has no scrolling: record which element was asked to come into view.
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolledTo.push(this);
  };
});

const ownPost = (id: number, text: string) =>
  makeMessage(id, { chat_id: 9, user_id: ME_ID, message: text });

function pinnedBar() {
  return screen.getByRole('button', { name: /^Pinned message:/ });
}

describe('the pinned bar', () => {
  it.each([
    [
      'a text of more than ten characters',
      makeMessage(3, { message: 'Concert tickets on sale' }),
      'Concert ti…',
    ],
    ['a text of ten characters or fewer', makeMessage(3, { message: 'Tickets!' }), 'Tickets!'],
    ['a story', makeMessage(3, { type: 'story', message: 'Backstage photo' }), 'story'],
    ['an audio', makeMessage(3, { type: 'audio', message: '' }), 'audio'],
  ])('shows %s as the spec says', async (_case, pinned, preview) => {
    renderChat({ channel: true, state: makeChannelState({ pinned_message: pinned }) });
    expect(
      await screen.findByRole('button', { name: `Pinned message: ${preview}. Show it` }),
    ).toBeInTheDocument();
  });

  it('scrolls to a loaded pinned message and highlights it', async () => {
    const pinned = ownPost(2, 'Pinned news');
    renderChat({
      channel: true,
      state: makeChannelState({
        messages: [ownPost(1, 'Old'), pinned, ownPost(3, 'Newer')],
        pinned_message: pinned,
      }),
    });
    await screen.findByText('Newer');
    await userEvent.click(pinnedBar());
    const item = screen.getByText('Pinned news').closest('li')!;
    await waitFor(() => expect(scrolledTo).toContain(item));
    expect(item.querySelector('.ring-2')).not.toBeNull();
  });

  it('loads older pages until the pinned message is there, then scrolls to it', async () => {
    const pinned = ownPost(2, 'Way back');
    const { calls } = renderChat({
      channel: true,
      state: makeChannelState({
        messages: [ownPost(10, 'Latest')],
        older_cursor: 'c-10',
        pinned_message: pinned,
      }),
      handlers: {
        'GET /api/chats/9/messages': (call) => {
          const before = queryOf(call).get('before');
          if (before === 'c-10') return page([ownPost(6, 'Six'), ownPost(8, 'Eight')], 'c-6');
          if (before === 'c-6') return page([pinned, ownPost(4, 'Four')], null);
          return page([]);
        },
      },
    });
    await screen.findByText('Latest');
    await userEvent.click(pinnedBar());
    const log = screen.getByRole('log', { name: 'Messages' });
    await waitFor(() =>
      expect(scrolledTo).toContain(within(log).getByText('Way back').closest('li')),
    );
    const pages = callsTo(calls, 'GET', '/api/chats/9/messages')
      .map((call) => queryOf(call).get('before'))
      .filter(Boolean);
    expect(pages).toEqual(['c-10', 'c-6']);
  });

  it('lets the owner unpin with the close icon', async () => {
    const { calls } = renderChat({
      channel: true,
      state: makeChannelState({ isChatOwner: true, pinned_message: ownPost(2, 'Pinned') }),
      handlers: { 'DELETE /api/chats/9/pin': { body: { pinned_message: null } } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Unpin' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /^Pinned message/ })).toBeNull(),
    );
    expect(callsTo(calls, 'DELETE', '/api/chats/9/pin')).toHaveLength(1);
  });

  it('gives viewers no close icon', async () => {
    renderChat({ channel: true, state: makeChannelState({ pinned_message: makeMessage(2) }) });
    await screen.findByRole('button', { name: /^Pinned message/ });
    expect(screen.queryByRole('button', { name: 'Unpin' })).toBeNull();
  });

  it('follows pins and unpins made elsewhere', async () => {
    renderChat({ channel: true, state: makeChannelState() });
    await screen.findByRole('log', { name: 'Messages' });
    expect(screen.queryByRole('button', { name: /^Pinned message/ })).toBeNull();
    fakeServer.emit('chat.pinned', {
      chat_id: 9,
      pinned_message: makeMessage(5, { message: 'Hi all' }),
    });
    // The chat state is react-query's, which tells its screens a moment later.
    expect(
      await screen.findByRole('button', { name: 'Pinned message: Hi all. Show it' }),
    ).toBeInTheDocument();
    fakeServer.emit('chat.unpinned', { chat_id: 9 });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /^Pinned message/ })).toBeNull(),
    );
  });
});

describe('pinning', () => {
  it('gives the owner a Pin menu on a click of an own message', async () => {
    const { calls } = renderChat({
      channel: true,
      state: makeChannelState({
        isChatOwner: true,
        messages: [
          ownPost(4, 'Pin me please'),
          makeMessage(5, { chat_id: 9, type: 'user_tip', meta: { tip: { amount: 5 } } }),
        ],
      }),
      handlers: {
        'POST /api/chats/9/pin': { body: { pinned_message: ownPost(4, 'Pin me please') } },
      },
    });
    await userEvent.click(await screen.findByText('Pin me please'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Pin' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/chats/9/pin')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/chats/9/pin')[0]!.body).toEqual({ message_id: 4 });
    expect(
      await screen.findByRole('button', { name: 'Pinned message: Pin me ple…. Show it' }),
    ).toBeInTheDocument();
    // Only own messages are pinned: the viewer's tip offers a report, never a pin.
    const tip = screen.getByText(/sent a tip of \$5\.00/).closest('li')!;
    await userEvent.click(within(tip).getByRole('button', { name: 'Message options' }));
    expect(await screen.findByRole('menuitem', { name: /report/i })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Pin' })).toBeNull();
  });

  it('offers the menu from the keyboard too', async () => {
    renderChat({
      channel: true,
      state: makeChannelState({ isChatOwner: true, messages: [ownPost(4, 'Keyboard pin')] }),
    });
    await screen.findByText('Keyboard pin');
    screen.getByRole('button', { name: 'Message options' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Pin' })).toBeInTheDocument();
  });

  it('gives viewers no Pin menu', async () => {
    renderChat({
      channel: true,
      state: makeChannelState({
        messages: [makeMessage(4, { chat_id: 9, message: 'From the owner' })],
      }),
    });
    await userEvent.click(await screen.findByText('From the owner'));
    expect(screen.queryByRole('menu')).toBeNull();
    // Their menu copies the text, and pins nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Message options' }));
    expect(await screen.findByRole('menuitem', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Pin' })).toBeNull();
  });
});
