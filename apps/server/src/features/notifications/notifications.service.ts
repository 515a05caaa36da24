import {
  NOTIFICATIONS_PAGE_MAX,
  type MarkReadBody,
  type NotificationsPage,
} from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { unreadCount } from './notification-events.ts';
import { loadNotifications } from './notifications.repository.ts';
import { markRead, pageIds, type PagePosition } from './notifications-list.repository.ts';

// PostgreSQL's `timestamptz::text`: "2026-11-28 02:45:00.123456+00".
const PG_TIMESTAMP =
  /^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-](0\d|1[0-5])(:[0-5]\d){0,2}$/;

/** "2026-02-30" matches the pattern, but PostgreSQL would refuse it (a 500, not a 400). */
function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
}

/** The opaque cursor: the last line's exact position, base64url. */
export function encodeCursor(position: PagePosition): string {
  return Buffer.from(`${position.at}|${position.id}`).toString('base64url');
}

export function decodeCursor(cursor: string): PagePosition {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const number = Number(id);
  if (
    rest.length > 0 ||
    !at ||
    !PG_TIMESTAMP.test(at) ||
    !isCalendarDay(at.slice(0, 10)) ||
    !Number.isSafeInteger(number) ||
    number < 1 ||
    String(number) !== id
  )
    throw new AppError('cursor_invalid');
  return { at, id: number };
}

/** GET /api/notifications: the caller's in-app lines, newest (most recently updated) first. */
export async function listNotifications(
  ctx: AppContext,
  userId: number,
  query: { cursor?: string; limit?: number },
): Promise<NotificationsPage> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const limit = query.limit ?? NOTIFICATIONS_PAGE_MAX;
  // One more than the page tells whether another follows.
  const positions = await pageIds(ctx.db, userId, after, limit + 1);
  const page = positions.slice(0, limit);
  const items =
    page.length === 0
      ? []
      : await loadNotifications(ctx, ctx.db, userId, { ids: page.map((p) => p.id) });
  const last = page.at(-1);
  return {
    items,
    next_cursor: positions.length > limit && last ? encodeCursor(last) : null,
  };
}

export async function unreadNotifications(
  ctx: AppContext,
  userId: number,
): Promise<{ count: number }> {
  return { count: await unreadCount(ctx.db, userId) };
}

/**
 * POST /api/notifications/read: only the caller's own lines change (others' ids are ignored,
 * never told apart from unknown ones). Every open tab of the user hears of it through the
 * outbox (`notification.read`), when something changed.
 */
export async function readNotifications(
  ctx: AppContext,
  userId: number,
  body: MarkReadBody,
): Promise<{ count: number }> {
  return inTransaction(ctx.db, async (tx, effects) => {
    const ids = 'all' in body ? 'all' : body.ids;
    const changed = await markRead(tx, userId, ids);
    const count = await unreadCount(tx, userId);
    if (changed.length > 0)
      effects.emitToUser(userId, 'notification.read', {
        ids: ids === 'all' ? 'all' : changed,
        unread_count: count,
      });
    return { count };
  });
}
