import type {
  ArgsOf,
  MarkReadBody,
  NotificationSettings,
  NotificationsPage,
} from '@glimpse/contract';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

/**
 * The bell's keys as it spells them (features/notification-bell/notification-keys.ts: its count
 * and these pages), and the settings. notification-keys.test.ts holds the two spellings equal.
 */
export const notificationKeys = {
  unread: ['notifications', 'unread-count'] as const,
  list: ['notifications', 'list'] as const,
  settings: ['notifications', 'settings'] as const,
};

export type NotificationPages = InfiniteData<NotificationsPage, string | undefined>;

/** Newest first, a page at a time (`next_cursor`). */
export function useNotificationsList() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam, signal }) =>
      call('notifications', { query: { cursor: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    // The socket keeps an open list current; coming back to it reads it again.
    staleTime: 0,
  });
}

function markReadIn(data: NotificationPages | undefined, body: MarkReadBody) {
  if (!data) return data;
  const read = (id: number) => 'all' in body || body.ids.includes(id);
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => (read(item.id) ? { ...item, read: true } : item)),
    })),
  };
}

/**
 * Marks lines (or all) read: the list shows it at once, the bell takes the count the server
 * answers (every other tab hears `notification.read`).
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkReadBody) => call('readNotifications', { body }),
    onMutate: (body) => {
      queryClient.setQueryData<NotificationPages>(notificationKeys.list, (data) =>
        markReadIn(data, body),
      );
    },
    onSuccess: ({ count }) => queryClient.setQueryData(notificationKeys.unread, count),
  });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings,
    queryFn: ({ signal }) => call('notificationSettings', undefined, { signal }),
  });
}

type SettingsChange = ArgsOf<'updateNotificationSettings'>['body'];

/**
 * Saves a change of the settings (only what it names changes). The screen shows the change at
 * once; a refusal puts the saved settings back.
 */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsChange) => call('updateNotificationSettings', { body }),
    onMutate: (body) => {
      const before = queryClient.getQueryData<NotificationSettings>(notificationKeys.settings);
      if (before) {
        queryClient.setQueryData<NotificationSettings>(notificationKeys.settings, {
          ...before,
          ...body,
          types: body.types
            ? before.types.map(
                (row) => body.types!.find((changed) => changed.type === row.type) ?? row,
              )
            : before.types,
        });
      }
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(notificationKeys.settings, context.before);
    },
    onSuccess: (settings) => queryClient.setQueryData(notificationKeys.settings, settings),
  });
}
