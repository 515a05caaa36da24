import { and, eq, isNull, sql } from 'drizzle-orm';
import { notifications } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import type { EffectQueue } from '../../platform/db/transaction.ts';
import { loadNotifications } from './notifications.repository.ts';

/** The user's unread lines in the app's list. */
export async function unreadCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        eq(notifications.inApp, true),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Tells every open tab of the user of a new (or newly grouped) line with the unread count, once
 * the transaction commits (`notification.created`, through the outbox).
 */
export async function announceNotification(
  ctx: Pick<AppContext, 'mediaSigner'>,
  tx: DbOrTx,
  effects: EffectQueue,
  userId: number,
  notificationId: number,
): Promise<void> {
  const [notification] = await loadNotifications(ctx, tx, userId, { ids: [notificationId] });
  if (!notification) return;
  effects.emitToUser(userId, 'notification.created', {
    notification,
    unread_count: await unreadCount(tx, userId),
  });
}
