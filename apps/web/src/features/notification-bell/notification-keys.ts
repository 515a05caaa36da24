/**
 * The notifications' cache: the bell's count and the screen's pages. The notifications screen
 * (features/notifications/notifications.queries.ts) spells the same keys: shared through
 * lib/query-policy.ts, they would cost the first page's bundle bytes it does not have.
 */
export const notificationKeys = {
  unread: ['notifications', 'unread-count'] as const,
  list: ['notifications', 'list'] as const,
};
