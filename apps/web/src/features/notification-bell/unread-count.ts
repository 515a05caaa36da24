import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { notificationKeys } from './notification-keys.ts';

/**
 * How many lines are unread. Fresh while the socket keeps it so (`notification.created` and
 * `notification.read` carry the count); read again after a reconnect, which may have missed some.
 */
export function useUnreadCount(): number {
  const { data } = useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) =>
      call('unreadNotifications', undefined, { signal }).then((answer) => answer.count),
    staleTime: 60_000,
  });
  return data ?? 0;
}
