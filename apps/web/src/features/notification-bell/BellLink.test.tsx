import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-realtime.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { landing, renderScreen } from '../../test/render.tsx';
import { makeNotification } from '../notifications/test/notification-fixtures.ts';
import BellLink from './BellLink.tsx';
import { NotificationBell } from './NotificationBell.tsx';

// The socket is the boundary: the test plays the server, sending events and a reconnect.
function answerCounts(...counts: number[]) {
  let asked = 0;
  return mockFetch({
    'GET /api/notifications/unread-count': () => ({
      body: { count: counts[Math.min(asked++, counts.length - 1)] },
    }),
  });
}

beforeEach(() => fakeServer.reset());

describe('BellLink', () => {
  it('shows the unread count on a badge and in its name, and opens the notifications', async () => {
    answerCounts(3);
    renderScreen(<BellLink />, { extraRoutes: [landing('/notifications')] });
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('3');
    await userEvent.click(bell);
    expect(await screen.findByText('landed on /notifications')).toBeInTheDocument();
  });

  it('without unread lines has no badge and a plain name; past 99 says 99+', async () => {
    answerCounts(0);
    const { queryClient } = renderScreen(<BellLink />);
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    act(() => queryClient.setQueryData(['notifications', 'unread-count'], 250));
    expect(await screen.findByRole('link', { name: 'Notifications, 250 unread' })).toBeVisible();
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('99+');
  });

  it('follows the socket: a new line raises the count, a read elsewhere lowers it', async () => {
    const { calls } = answerCounts(1);
    renderScreen(<BellLink rail />);
    await screen.findByRole('link', { name: 'Notifications, 1 unread' });
    fakeServer.emit('notification.created', {
      notification: makeNotification({ id: 2 }),
      unread_count: 2,
    });
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeVisible();
    fakeServer.emit('notification.read', { ids: 'all', unread_count: 0 });
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeVisible();
    // The events carried the count: nothing was asked again.
    expect(calls.filter((call) => call.url.endsWith('/unread-count'))).toHaveLength(1);
  });

  it('asks for the count again once the socket (re)connects (events before reached no one)', async () => {
    answerCounts(1, 5);
    renderScreen(<BellLink rail />);
    await screen.findByRole('link', { name: 'Notifications, 1 unread' });
    await waitFor(() => expect(fakeServer.listenerCount('connect')).toBe(1));
    fakeServer.reconnect();
    expect(await screen.findByRole('link', { name: 'Notifications, 5 unread' })).toBeVisible();
  });

  it("a header's bell leaves the socket to the rail's (one listener per page)", async () => {
    answerCounts(1);
    renderScreen(<BellLink />);
    await screen.findByRole('link', { name: 'Notifications, 1 unread' });
    expect(fakeServer.listening()).toEqual([]);
  });
});

describe('NotificationBell', () => {
  it('holds a place until the page is idle, then shows the bell from its own chunk', async () => {
    answerCounts(4);
    renderScreen(<NotificationBell />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Notifications, 4 unread' })).toBeVisible();
  });
});
