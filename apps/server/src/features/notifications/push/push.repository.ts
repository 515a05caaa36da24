import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  notifications,
  notificationSettings,
  pushSubscriptions,
  users,
} from '../../../db/schema/index.ts';
import type { DbOrTx } from '../../../platform/db/database.ts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Saves a browser's subscription for the user. The endpoint names the browser: one already
 * known moves to this user with its new keys (the browser is now signed in as them), so a
 * browser never gets another account's pushes.
 */
export async function upsertSubscription(
  db: DbOrTx,
  row: {
    userId: number;
    sessionId: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    userAgent: string | null;
  },
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: row.userId,
        sessionId: row.sessionId,
        p256dh: row.p256dh,
        auth: row.auth,
        userAgent: row.userAgent,
        createdAt: sql`now()`,
        lastSuccessAt: null,
      },
    });
}

/** Removes the caller's own subscription; another user's endpoint is left alone. */
export async function deleteSubscription(
  db: DbOrTx,
  userId: number,
  endpoint: string,
): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** A subscription the push service says is gone (404/410): only that row, by its id. */
export async function deleteSubscriptionById(db: DbOrTx, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markDelivered(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: new Date() })
    .where(eq(pushSubscriptions.id, id));
}

export async function subscriptionsOf(db: DbOrTx, userId: number): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

const actors = alias(users, 'push_actors');

/**
 * A line with what its push says: the actor, the recipient's language and quiet hours. Read
 * whether or not the app lists it (a type may be kept to push only).
 */
export async function lineForPush(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: notifications.id,
      userId: notifications.userId,
      type: notifications.type,
      actorCount: notifications.actorCount,
      subject: notifications.subject,
      data: notifications.data,
      readAt: notifications.readAt,
      actorName: actors.name,
      actorSlug: actors.slug,
      language: users.language,
      deletedAt: users.deletedAt,
      timeZone: notificationSettings.timeZone,
      quietStart: notificationSettings.quietStart,
      quietEnd: notificationSettings.quietEnd,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(actors, eq(actors.id, notifications.actorId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, notifications.userId))
    .where(eq(notifications.id, id));
  return row;
}
export type PushLine = NonNullable<Awaited<ReturnType<typeof lineForPush>>>;
