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
 * Calls `handler` each time the socket connects after this mounted: the first connect (the bell
 * asked for its count as it mounted, and a line written before the socket joined the user's room
 * sent its event to nobody) and every reconnect. As lib/realtime-rooms.ts's
 * useRealtimeConnection, minus a call for a socket connected already (then the count is newer):
 * imported here, that module's chat room code moved into the first page's chunk.
 */
function useRealtimeConnect(handler: () => void, enabled: boolean): void {
  const handleConnect = useEffectEvent(() => handler());
  useEffect(() => {
    const connection = enabled ? realtimeSocket() : undefined;
    if (!connection) return;
    const listener = () => handleConnect();
    let socket: Awaited<typeof connection> | undefined;
    let unmounted = false;
    void connection.then((connected) => {
      if (unmounted) return;
      socket = connected;
      socket.on('connect', listener);
    });
    return () => {
      unmounted = true;
      socket?.off('connect', listener);
    };
  }, [enabled]);
}

/**
 * The user's notifications as they happen, in every open tab (the server sends to the user's
 * room): the bell's count follows each event, an open list takes the new line or the read marks.
 */
export function useNotificationsLive(enabled = true): void {
  const queryClient = useQueryClient();
  // (Re)connected: whatever happened before reached no tab of this page.
  useRealtimeConnect(() => {
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
