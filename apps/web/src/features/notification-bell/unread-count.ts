import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { notificationKeys } from './notification-keys.ts';

/**
 * How many lines are unread (0 when that could not be read). Fresh while the socket keeps it so (`notification.created` and
 * `notification.read` carry the count); read again after a reconnect, which may have missed some.
 */
export function useUnreadCount(): number | undefined {
  const { data, isError } = useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) =>
      call('unreadNotifications', undefined, { signal }).then((answer) => answer.count),
    staleTime: 60_000,
  });
  // Undefined until known: the bell shows once, with its count, not a count that jumps.
  return data ?? (isError ? 0 : undefined);
}
