import type { ServerToClientEvents } from '@glimpse/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { landing, renderScreen } from '../../test/render.tsx';
import { makeNotification } from '../notifications/test/notification-fixtures.ts';
import BellLink from './BellLink.tsx';
import { NotificationBell } from './NotificationBell.tsx';

// The socket is the boundary: the test plays the server, sending events and a reconnect.
const listeners = new Map<string, (payload: unknown) => void>();
const reconnects = new Set<() => void>();
vi.mock('../../lib/realtime.ts', () => ({
  useRealtimeEvent: (event: string, handler: (payload: unknown) => void, enabled = true) => {
    if (enabled) listeners.set(event, handler);
  },
  realtimeSocket: () =>
    Promise.resolve({
      on: (_event: 'connect', listener: () => void) => reconnects.add(listener),
      off: (_event: 'connect', listener: () => void) => reconnects.delete(listener),
    }),
}));

function emit<E extends keyof ServerToClientEvents>(
  event: E,
  payload: Parameters<ServerToClientEvents[E]>[0],
) {
  act(() => listeners.get(event)!(payload));
}

function answerCounts(...counts: number[]) {
  let asked = 0;
  return mockFetch({
    'GET /api/notifications/unread-count': () => ({
      body: { count: counts[Math.min(asked++, counts.length - 1)] },
    }),
  });
}

beforeEach(() => {
  listeners.clear();
  reconnects.clear();
});

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
    emit('notification.created', { notification: makeNotification({ id: 2 }), unread_count: 2 });
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeVisible();
    emit('notification.read', { ids: 'all', unread_count: 0 });
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeVisible();
    // The events carried the count: nothing was asked again.
    expect(calls.filter((call) => call.url.endsWith('/unread-count'))).toHaveLength(1);
  });

  it('asks for the count again once the socket (re)connects (events before reached no one)', async () => {
    answerCounts(1, 5);
    renderScreen(<BellLink rail />);
    await screen.findByRole('link', { name: 'Notifications, 1 unread' });
    await waitFor(() => expect(reconnects.size).toBe(1));
    act(() => reconnects.forEach((listener) => listener()));
    expect(await screen.findByRole('link', { name: 'Notifications, 5 unread' })).toBeVisible();
  });

  it("a header's bell leaves the socket to the rail's (one listener per page)", async () => {
    answerCounts(1);
    renderScreen(<BellLink />);
    await screen.findByRole('link', { name: 'Notifications, 1 unread' });
    expect(listeners.size).toBe(0);
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
