import type { AppNotification, NotificationsPage } from '@glimpse/contract';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { realtimeSocket, useRealtimeEvent } from '../../lib/realtime.ts';
import { notificationKeys } from './notification-keys.ts';

type Pages = InfiniteData<NotificationsPage, string | undefined>;

/** A new or regrouped line on top of the first page, gone from wherever it was. */
function putFirst(data: Pages | undefined, line: AppNotification): Pages | undefined {
  if (!data) return data;
  const pages = data.pages.map((page, index) => {
    const items = page.items.filter((item) => item.id !== line.id);
    return { ...page, items: index === 0 ? [line, ...items] : items };
  });
  return { ...data, pages };
}

function markRead(data: Pages | undefined, ids: number[] | 'all'): Pages | undefined {
  if (!data) return data;
  const read = (item: AppNotification) => ids === 'all' || ids.includes(item.id);
  const pages = data.pages.map((page) => ({
    ...page,
    items: page.items.map((item) => (read(item) ? { ...item, read: true } : item)),
  }));
  return { ...data, pages };
}

/**
 * Calls `handler` each time the socket connects again after a drop. As lib/realtime-rooms.ts's
 * useRealtimeConnection, minus the first connect: the bell's first count is asked for as it
 * mounts. Not that module: imported here, the bundler moved the chat's room code into the first
 * page's chunk.
 */
function useRealtimeReconnect(handler: () => void, enabled: boolean): void {
  const handleReconnect = useEffectEvent(() => handler());
  useEffect(() => {
    const connection = enabled ? realtimeSocket() : undefined;
    if (!connection) return;
    const listener = () => handleReconnect();
    let socket: Awaited<typeof connection> | undefined;
    let unmounted = false;
    void connection.then((connected) => {
      if (unmounted) return;
      socket = connected;
      socket.io.on('reconnect', listener);
    });
    return () => {
      unmounted = true;
      socket?.io.off('reconnect', listener);
    };
  }, [enabled]);
}

/**
 * The user's notifications as they happen, in every open tab (the server sends to the user's
 * room): the bell's count follows each event, an open list takes the new line or the read marks.
 */
export function useNotificationsLive(enabled = true): void {
  const queryClient = useQueryClient();
  // Connected again: whatever happened while the socket was down reached no one.
  useRealtimeReconnect(() => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.unread });
    void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  }, enabled);
  useRealtimeEvent(
    'notification.created',
    ({ notification, unread_count }) => {
      queryClient.setQueryData(notificationKeys.unread, unread_count);
      queryClient.setQueryData<Pages>(notificationKeys.list, (data) =>
        putFirst(data, notification),
      );
    },
    enabled,
  );
  useRealtimeEvent(
    'notification.read',
    ({ ids, unread_count }) => {
      queryClient.setQueryData(notificationKeys.unread, unread_count);
      queryClient.setQueryData<Pages>(notificationKeys.list, (data) => markRead(data, ids));
    },
    enabled,
  );
}
