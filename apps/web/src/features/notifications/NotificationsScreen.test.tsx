import type { AppNotification } from '@glimpse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, type MockResponse } from '../../test/fetch-mock.ts';
import { landing, renderScreen } from '../../test/render.tsx';
import { NotificationsScreen } from './NotificationsScreen.tsx';
import { makeNotification } from './test/notification-fixtures.ts';

const mia = makeNotification();
const subscribers = makeNotification({
  id: 2,
  type: 'subscriber_new',
  actor: { id: 10, name: 'Anna Rivera', slug: 'anna', avatar_url: null },
  others: 12,
  subject: { kind: 'user', id: 10, path: '/me/subscribers' },
  read: true,
});
const tip = makeNotification({
  id: 3,
  type: 'tip_received',
  actor: null,
  subject: { kind: 'wallet', id: 5, path: '/wallet' },
  data: { amount: 5 },
});

function renderList(pages: Record<string, MockResponse>, extra = {}) {
  const fetch = mockFetch({
    'GET /api/notifications': ({ url }) =>
      pages[new URL(url, 'http://x').searchParams.get('cursor') ?? ''] ?? { status: 500 },
    'POST /api/notifications/read': { body: { count: 0 } },
    ...extra,
  });
  const rendered = renderScreen(<NotificationsScreen />, {
    path: '/notifications',
    extraRoutes: [landing('/u/mia'), landing('/wallet')],
  });
  return { ...fetch, ...rendered };
}

const page = (items: AppNotification[], next_cursor: string | null = null) => ({
  body: { items, next_cursor },
});

describe('NotificationsScreen', () => {
  it('writes each line per type, grouped and with money, and marks the unread ones', async () => {
    renderList({ '': page([mia, subscribers, tip]) });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    await screen.findByRole('link', { name: /Mia Wong/ });
    const lines = screen.getAllByRole('link').filter((link) => link.hasAttribute('data-unread'));
    expect(lines.map((line) => line.textContent)).toEqual([
      expect.stringMatching(/^Mia Wong posted a story1h agoUnread$/),
      expect.stringMatching(/Anna Rivera and 12 others subscribed1h ago$/),
      expect.stringMatching(/^You received a tip of \$5\.00.*Unread$/),
    ]);
    expect(lines[0]).toHaveAttribute('href', '/u/mia?story=31');
    expect(lines.map((line) => line.getAttribute('data-unread'))).toEqual([
      'true',
      'false',
      'true',
    ]);
    expect(within(lines[0]!).getByText('Mia Wong').tagName).toBe('STRONG');
    expect(lines[0]!.querySelector('img')).toHaveAttribute('src', '/media/mia.jpg');
  });

  it('quotes a taken-down item’s words under its moderation notice', async () => {
    const removed = makeNotification({
      id: 4,
      type: 'moderation_notice',
      actor: null,
      subject: { kind: 'standing', id: 1, path: '/me/settings/standing' },
      data: {
        outcome: 'take_down',
        kind: 'story',
        target_id: 8,
        excerpt: 'Beach day with the crew',
      },
    });
    const warned = makeNotification({
      id: 5,
      type: 'moderation_notice',
      actor: null,
      subject: { kind: 'standing', id: 1, path: '/me/settings/standing' },
      data: { outcome: 'warn', kind: 'story', target_id: 9 },
    });
    renderList({ '': page([removed, warned]) });
    const line = await screen.findByRole('link', { name: /Your content was removed/ });
    expect(line.textContent).toMatch(
      /^Your content was removed for breaking our rules“Beach day with the crew”1h ago/,
    );
    // A decision without an item's words shows the decision alone.
    expect(screen.getByRole('link', { name: /warning/ }).textContent).not.toContain('“');
  });

  it('opening an unread line marks it read and goes where it points', async () => {
    const { calls } = renderList({ '': page([mia]) });
    await userEvent.click(await screen.findByRole('link', { name: /Mia Wong posted a story/ }));
    expect(await screen.findByText('landed on /u/mia')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST')).toEqual([
        expect.objectContaining({ url: '/api/notifications/read', body: { ids: [1] } }),
      ]),
    );
  });

  it('opening a read line asks nothing', async () => {
    const { calls } = renderList({ '': page([{ ...tip, read: true }]) });
    await userEvent.click(await screen.findByRole('link', { name: /tip of/ }));
    expect(await screen.findByText('landed on /wallet')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('marks all as read, and the bell takes the count the server answers', async () => {
    const { calls, queryClient } = renderList({ '': page([mia, tip]) });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('All notifications are marked as read.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')[0]?.body).toEqual({ all: true });
    expect(screen.queryByText('Unread')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
    expect(queryClient.getQueryData(['notifications', 'unread-count'])).toBe(0);
  });

  it('loads the next page with the cursor the last one gave', async () => {
    const { calls } = renderList({
      '': page([mia], 'c2'),
      c2: page([{ ...tip, read: true }]),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /tip of \$5\.00/ })).toBeVisible();
    expect(screen.getByRole('link', { name: /Mia Wong/ })).toBeVisible();
    expect(calls.map((call) => call.url)).toContain('/api/notifications?cursor=c2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when there is nothing yet, and links to the settings', async () => {
    renderList({ '': page([]) });
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/me/settings/notifications',
    );
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('offers a retry when the list does not load', async () => {
    let fail = true;
    mockFetch({
      'GET /api/notifications': () => (fail ? { status: 500 } : page([mia])),
    });
    renderScreen(<NotificationsScreen />, { path: '/notifications' });
    expect(await screen.findByText('Your notifications could not be loaded.')).toBeVisible();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Mia Wong/ })).toBeVisible();
  });

  it('keeps the lines when a further page fails, with a retry for that page', async () => {
    renderList({ '': page([mia], 'c2') });
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('More notifications could not be loaded.')).toBeVisible();
    expect(screen.getByRole('link', { name: /Mia Wong/ })).toBeVisible();
  });
});
