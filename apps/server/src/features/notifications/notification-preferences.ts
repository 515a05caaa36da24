import {
  ALWAYS_ON_TYPES,
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreference,
  type NotificationType,
} from '@glimpse/contract';
import { and, eq, or, sql } from 'drizzle-orm';
import {
  notificationMutes,
  notificationPreferences,
  pushSubscriptions,
  userBlocks,
  users,
} from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';

/** A user's choice for one type: their row, else the defaults; security stays in the app. */
export async function preferenceOf(
  db: DbOrTx,
  userId: number,
  type: NotificationType,
): Promise<NotificationPreference> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.type, type)));
  const chosen = row
    ? { in_app: row.inApp, push: row.push, email: row.email }
    : DEFAULT_NOTIFICATION_PREFERENCES[type];
  return ALWAYS_ON_TYPES.includes(type) ? { ...chosen, in_app: true } : chosen;
}

/**
 * Whether the user has a browser to push to. Most have none: a push job queued for them would
 * only find that out (as the fan-out's lines already do in their own statement).
 */
export async function hasPushSubscription(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether an event by `actorId` must not reach `userId` at all: either blocked the other, or
 * the user muted the actor.
 */
export async function silencedBetween(
  db: DbOrTx,
  userId: number,
  actorId: number,
): Promise<boolean> {
  const [row] = await db
    .select({
      silenced: sql<boolean>`exists(select 1 from ${userBlocks} where ${or(
        and(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, actorId)),
        and(eq(userBlocks.blockerId, actorId), eq(userBlocks.blockedId, userId)),
      )}) or exists(select 1 from ${notificationMutes} where ${and(
        eq(notificationMutes.userId, userId),
        eq(notificationMutes.creatorId, actorId),
      )})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row?.silenced === true;
}
