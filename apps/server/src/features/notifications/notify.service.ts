import type { NotificationType } from '@glimpse/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { notificationReceipts, notifications } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/database.ts';
import type { EffectQueue } from '../../platform/db/transaction.ts';
import { hasPushSubscription, preferenceOf, silencedBetween } from './notification-preferences.ts';
import { announceNotification } from './notification-events.ts';

/**
 * Claims the event for the user: false when it was seen before (a retried job, a webhook
 * delivered again). An ungrouped event is its own line, whose unique (user, dedupe key) answers
 * that; a grouped one may join a line opened by another event, so it leaves a receipt.
 */
async function claimEvent(tx: Tx, input: NotificationInput): Promise<boolean> {
  if (!input.groupKey) {
    const [row] = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(eq(notifications.userId, input.userId), eq(notifications.dedupeKey, input.dedupeKey)),
      )
      .limit(1);
    return row === undefined;
  }
  const claimed = await tx
    .insert(notificationReceipts)
    .values({ userId: input.userId, dedupeKey: input.dedupeKey })
    .onConflictDoNothing()
    .returning({ userId: notificationReceipts.userId });
  return claimed.length > 0;
}

/** What happened, for one recipient. */
export interface NotificationInput {
  userId: number;
  type: NotificationType;
  /** Who did it; null for the system (a payout settled, a renewal failed). */
  actorId: number | null;
  subject: { kind: string; id: number | string } | null;
  data?: Record<string, string | number | boolean>;
  /**
   * Names the event, so the same event never notifies twice (a retried job, a webhook delivered
   * again): "tip:812". Unique per recipient.
   */
  dedupeKey: string;
  /**
   * Joins later events of the same kind into the recipient's unread line ("Anna and 12 others
   * subscribed"): "subscriber_new". Absent: every event is a line of its own.
   */
  groupKey?: string;
}

/**
 * Notifies one user of an event, inside the transaction of the change itself (so it happens
 * exactly when the change commits): honours the user's preferences for the type, blocks and
 * mutes between the user and the actor, never notifies the actor of their own act, groups, and
 * leaves the push and email deliveries and the realtime event to after the commit (outbox).
 * Returns the line's id, or null when nothing was written.
 */
export async function notify(
  ctx: Pick<AppContext, 'db' | 'config' | 'mediaSigner'>,
  tx: Tx,
  effects: EffectQueue,
  input: NotificationInput,
): Promise<number | null> {
  if (input.actorId === input.userId) return null;
  if (input.actorId !== null && (await silencedBetween(tx, input.userId, input.actorId)))
    return null;
  const preference = await preferenceOf(tx, input.userId, input.type);
  if (!preference.in_app && !preference.push && preference.email === 'off') return null;

  const emailDue = preference.email === 'off' ? null : preference.email;
  const joinGroup = async () => {
    if (!input.groupKey) return undefined;
    const [grouped] = await tx
      .update(notifications)
      .set({
        actorId: input.actorId,
        actorCount: sql`${notifications.actorCount} + 1`,
        updatedAt: new Date(),
        data: input.data ?? {},
        subject: input.subject,
        // The newest actor is news again for the mail (at once or in the next digest).
        emailDue,
        emailedAt: null,
      })
      .where(
        and(
          eq(notifications.userId, input.userId),
          eq(notifications.groupKey, input.groupKey),
          isNull(notifications.readAt),
        ),
      )
      .returning({ id: notifications.id });
    return grouped?.id;
  };
  if (!(await claimEvent(tx, input))) return null;
  let id = await joinGroup();
  if (id === undefined) {
    const [inserted] = await tx
      .insert(notifications)
      .values({
        userId: input.userId,
        type: input.type,
        actorId: input.actorId,
        subject: input.subject,
        data: input.data ?? {},
        dedupeKey: input.dedupeKey,
        groupKey: input.groupKey ?? null,
        inApp: preference.in_app,
        emailDue,
      })
      .onConflictDoNothing()
      .returning({ id: notifications.id });
    id = inserted?.id;
    // Not written: the same event seen before, or (grouped, its receipt claimed above) another
    // transaction opened the group's unread line first, which this event joins now that it
    // has committed.
    if (id === undefined && input.groupKey) id = await joinGroup();
    if (id === undefined) return null;
  }
  if (preference.in_app) await announceNotification(ctx, tx, effects, input.userId, id);
  if (preference.push && (await hasPushSubscription(tx, input.userId)))
    effects.enqueue('notifications.push', { notificationId: id });
  if (emailDue === 'immediate') effects.enqueue('notifications.email', { notificationId: id });
  return id;
}
