import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { matchOnlyMediaQueries } from '../../test/media-queries.ts';
import { WIDE_LAYOUT_QUERY } from '../../ui/use-media-query.ts';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';
import { routeTree } from '../../app/router.tsx';
import {
  makeChatState,
  makeCompanion,
  makeListItem,
  makeMessage,
  makeParty,
  ME_ID,
} from '../chat/test/chat-fixtures.ts';
import { fakeServer } from '../../test/fake-realtime.ts';

beforeEach(() => fakeServer.reset());

const signedIn = { 'GET /api/auth/session': { body: { user: makeUser() } } };

function renderAt(path: string, handlers: Parameters<typeof mockFetch>[0]) {
  const fetch = mockFetch({ ...signedIn, ...handlers });
  const queryClient = testQueryClient();
  return { ...fetch, ...renderRoutes(routeTree, path, queryClient) };
}

/** Makes the window desktop-wide (jsdom has no matchMedia: it is a phone otherwise). */
function desktopWidth() {
  matchOnlyMediaQueries(WIDE_LAYOUT_QUERY);
}

function rows() {
  return within(screen.getByRole('list', { name: /^Your/ })).getAllByRole('link');
}

describe('the messages list', () => {
  it('shows each chat: name, verified badge, online dot, last message by type, time, unread count', async () => {
    renderAt('/messages', {
      'GET /api/chats': {
        body: [
          makeListItem(1, {
            companion: makeParty({ id: 42, online: true }),
            last_message: makeMessage(10, { message: 'See you at eight' }),
            unread_count: 3,
            updated_at: new Date(2025, 0, 20, 8, 15).toISOString(),
          }),
          makeListItem(2, {
            last_message: makeMessage(11, { type: 'audio', message: '' }),
          }),
          makeListItem(3, {
            last_message: makeMessage(12, { type: 'user_tip', meta: { tip: { amount: 5 } } }),
          }),
          makeListItem(4, {
            last_message: makeMessage(13, { type: 'story', user_id: ME_ID }),
          }),
        ],
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    const [anna, second, third, fourth] = await waitFor(rows);
    expect(anna).toHaveAttribute('href', '/messages/42');
    expect(within(anna!).getByText('Anna Karenina')).toBeInTheDocument();
    expect(within(anna!).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(within(anna!).getByText('Online')).toBeInTheDocument();
    expect(within(anna!).getByText('See you at eight')).toBeInTheDocument();
    expect(within(anna!).getByText('3 unread messages')).toBeInTheDocument();
    expect(within(anna!).getByText(/Jan 20/)).toBeInTheDocument();
    expect(second).toHaveTextContent('Voice message');
    expect(within(second!).queryByText(/unread/)).toBeNull();
    expect(third).toHaveTextContent('Tip $5.00');
    expect(fourth).toHaveTextContent('You: Photo');
  });

  it('shows that it is loading under the title', async () => {
    const { fetchMock } = renderAt('/messages', {});
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      String(input) === '/api/chats' ? new Promise(() => undefined) : answer(input, init),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  it('says how to start a chat when there is none', async () => {
    renderAt('/messages', { 'GET /api/chats': { body: [] } });
    expect(await screen.findByRole('heading', { name: 'No conversations yet' })).toBeVisible();
    expect(screen.getByText(/open someone's profile and choose Send message/)).toBeVisible();
  });

  it('offers a retry when the list fails to load', async () => {
    let failures = 1;
    renderAt('/messages', {
      'GET /api/chats': () =>
        failures-- > 0
          ? { status: 500, body: { err_key: 'internal_error' } }
          : { body: [makeListItem(1)] },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Person 1')).toBeInTheDocument();
  });

  it('refreshes when a message or read receipt arrives, and when the window regains focus', async () => {
    let answer = [makeListItem(1, { unread_count: 0 })];
    const { calls } = renderAt('/messages', { 'GET /api/chats': () => ({ body: answer }) });
    await screen.findByText('Person 1');
    answer = [
      makeListItem(1, { unread_count: 1, last_message: makeMessage(3, { message: 'Yo' }) }),
    ];
    fakeServer.emit('message.created', { chat_id: 1, message_id: 3, sender_id: 101 });
    expect(await screen.findByText('Yo')).toBeInTheDocument();
    answer = [
      makeListItem(1, { unread_count: 0, last_message: makeMessage(3, { message: 'Yo' }) }),
    ];
    fakeServer.emit('message.read', { chat_id: 1, user_id: ME_ID, last_read_id: 3 });
    await waitFor(() => expect(screen.queryByText('1 unread message')).toBeNull());

    const listCalls = () => calls.filter((call) => call.url === '/api/chats').length;
    const before = listCalls();
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(listCalls()).toBe(before + 1));
    focusManager.setFocused(undefined);
  });

  it('switches between Messages and Channels', async () => {
    const { location } = renderAt('/messages', {
      'GET /api/chats': { body: [] },
      'GET /api/channels': { body: [] },
    });
    const tabs = await screen.findByRole('navigation', { name: 'Conversations' });
    expect(within(tabs).getByRole('link', { name: 'Messages' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(within(tabs).getByRole('link', { name: 'Channels' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Channels' })).toBeVisible();
    expect(location.pathname).toBe('/channels');
  });
});

describe('the channels list', () => {
  it('puts the own channel first as "Your channel"', async () => {
    renderAt('/channels', {
      'GET /api/channels': {
        body: [
          makeListItem(5, { isBroadcastingChannel: true }),
          makeListItem(9, {
            isBroadcastingChannel: true,
            isChatOwner: true,
            companion: makeParty({ id: ME_ID, name: 'Ada Lovelace' }),
          }),
        ],
      },
    });
    await screen.findByText('Your channel');
    const [own, other] = rows();
    expect(own).toHaveAttribute('href', '/channels/9');
    expect(own).toHaveTextContent('Your channel');
    expect(other).toHaveAttribute('href', '/channels/5');
  });

  it("refreshes when a message of a listed channel arrives (the open channel's room)", async () => {
    let answer = [makeListItem(5, { isBroadcastingChannel: true })];
    const { calls } = renderAt('/channels', { 'GET /api/channels': () => ({ body: answer }) });
    await screen.findByText('Person 5');
    const listCalls = () => calls.filter((call) => call.url === '/api/channels').length;
    const before = listCalls();
    // A direct chat's message is not the channel list's.
    fakeServer.emit('message.created', { chat_id: 77, message_id: 2, sender_id: 101 });
    answer = [
      makeListItem(5, {
        isBroadcastingChannel: true,
        last_message: makeMessage(3, { message: 'Live at eight' }),
      }),
    ];
    fakeServer.emit('message.created', { chat_id: 5, message_id: 3, sender_id: 105 });
    expect(await screen.findByText('Live at eight')).toBeInTheDocument();
    expect(listCalls()).toBe(before + 1);
  });

  it('says what channels are when there are none', async () => {
    renderAt('/channels', { 'GET /api/channels': { body: [] } });
    expect(await screen.findByRole('heading', { name: 'No channels yet' })).toBeVisible();
  });
});

describe('phone and desktop', () => {
  const chatHandlers = {
    'GET /api/chats': {
      body: [makeListItem(7, { companion: makeParty({ id: 42 }) }), makeListItem(8)],
    },
    'GET /api/chats/load': {
      body: makeChatState({ messages: [makeMessage(1, { message: 'Hey' })] }),
    },
    'GET /api/users/42': { body: makeCompanion() },
    'GET /api/chats/7/messages': { body: { messages: [], cursor: null } },
  };

  it('shows one at a time on a phone: the chat without the list', async () => {
    renderAt('/messages/42', chatHandlers);
    expect(await screen.findByText('Hey')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: /Anna Karenina/ })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your conversations' })).toBeNull();
    // The way back to the list.
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('puts the list beside the open chat on a desktop, highlighting it', async () => {
    desktopWidth();
    renderAt('/messages/42', chatHandlers);
    expect(await screen.findByText('Hey')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /Anna Karenina/ })).toBeInTheDocument();
    const [open, other] = await waitFor(rows);
    expect(open).toHaveAttribute('aria-current', 'page');
    expect(other).not.toHaveAttribute('aria-current');
    // The list beside it is the way back: the chat has no back arrow.
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('asks to choose a conversation on a desktop when none is open', async () => {
    desktopWidth();
    renderAt('/messages', chatHandlers);
    expect(await screen.findByRole('heading', { name: 'Choose a conversation' })).toBeVisible();
    expect(await screen.findByText('Person 8')).toBeInTheDocument();
  });
});
