import type { NotificationType } from '@glimpse/contract';
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { notifications, notificationSettings, users } from '../../../db/schema/index.ts';
import type { DbOrTx, Tx } from '../../../platform/db/database.ts';

const actors = alias(users, 'actors');

/** Who a notification mail goes to, and whether it may go there at all. */
export interface Recipient {
  email: string;
  name: string;
  language: 'en' | 'de';
  /**
   * Only a confirmed address of a live account gets notification mail: an unconfirmed one may
   * be someone else's, and an account being deleted hears nothing more.
   */
  mailable: boolean;
}

const recipientColumns = {
  email: users.email,
  name: users.name,
  language: users.language,
  mailable: sql<boolean>`(${users.emailVerifiedAt} is not null and ${users.deletionRequestedAt} is null and ${users.deletedAt} is null)`,
};

/** One line with what its mail says: the actor's name and slug (for the link). */
export interface MailLine {
  id: number;
  type: NotificationType;
  actorCount: number;
  subject: { kind: string; id: number | string } | null;
  data: Record<string, string | number | boolean>;
  actorName: string | null;
  actorSlug: string | null;
}

const lineColumns = {
  id: notifications.id,
  type: notifications.type,
  actorCount: notifications.actorCount,
  subject: notifications.subject,
  data: notifications.data,
  actorName: actors.name,
  actorSlug: actors.slug,
};

/** The line, locked against a second run of its mail job, with its recipient. */
export async function lockLineForMail(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      ...lineColumns,
      userId: notifications.userId,
      emailDue: notifications.emailDue,
      emailedAt: notifications.emailedAt,
      recipient: recipientColumns,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(actors, eq(actors.id, notifications.actorId))
    .where(eq(notifications.id, id))
    .for('update', { of: notifications });
  return row;
}

export async function findRecipient(db: DbOrTx, userId: number): Promise<Recipient | undefined> {
  const [row] = await db.select(recipientColumns).from(users).where(eq(users.id, userId));
  return row;
}

/** The email channel is done with these lines (mailed, or settled without a mail). */
export async function markEmailed(tx: Tx, ids: number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(notifications).set({ emailedAt: at }).where(inArray(notifications.id, ids));
}

/** A line whose type's email the user switched since: it moves to the digest or leaves mail. */
export async function setEmailDue(
  tx: Tx,
  id: number,
  due: 'immediate' | 'digest' | null,
): Promise<void> {
  await tx.update(notifications).set({ emailDue: due }).where(eq(notifications.id, id));
}

/**
 * Users with digest lines not yet mailed, after `afterUserId`, with their time zone and last
 * digest (the partial index notifications_email_due_idx holds exactly these lines).
 */
export async function digestCandidates(db: DbOrTx, afterUserId: number, limit: number) {
  const due = db
    .selectDistinct({ userId: notifications.userId })
    .from(notifications)
    .where(
      and(
        eq(notifications.emailDue, 'digest'),
        isNull(notifications.emailedAt),
        gt(notifications.userId, afterUserId),
      ),
    )
    .orderBy(asc(notifications.userId))
    .limit(limit)
    .as('due');
  return db
    .select({
      userId: due.userId,
      timeZone: notificationSettings.timeZone,
      lastDigestAt: notificationSettings.lastDigestAt,
    })
    .from(due)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, due.userId))
    .orderBy(asc(due.userId));
}

/** The user's settings row, made if missing and locked: one digest run per user at a time. */
export async function lockSettings(tx: Tx, userId: number) {
  await tx.insert(notificationSettings).values({ userId }).onConflictDoNothing();
  const [row] = await tx
    .select({
      timeZone: notificationSettings.timeZone,
      lastDigestAt: notificationSettings.lastDigestAt,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId))
    .for('update');
  return row!;
}

export async function setLastDigest(tx: Tx, userId: number, at: Date): Promise<void> {
  await tx
    .update(notificationSettings)
    .set({ lastDigestAt: at })
    .where(eq(notificationSettings.userId, userId));
}

/**
 * Every digest line of the user not yet mailed, locked: the ones this run settles. A line
 * written meanwhile is not among them and waits for the next digest.
 */
export async function lockDigestLines(tx: Tx, userId: number) {
  return tx
    .select({
      id: notifications.id,
      type: notifications.type,
      read: sql<boolean>`${notifications.readAt} is not null`,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.emailDue, 'digest'),
        isNull(notifications.emailedAt),
      ),
    )
    .for('update');
}

/** The newest `limit` of these lines, with their actors, for the mail to show. */
export async function loadMailLines(tx: DbOrTx, ids: number[], limit: number): Promise<MailLine[]> {
  if (ids.length === 0) return [];
  return tx
    .select(lineColumns)
    .from(notifications)
    .leftJoin(actors, eq(actors.id, notifications.actorId))
    .where(inArray(notifications.id, ids))
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(limit);
}

/**
 * A type's email is off: lines of it still waiting for a mail (at once or in the digest) leave
 * the email channel, so none goes after the user said no.
 */
export async function dropPendingEmail(
  tx: Tx,
  userId: number,
  types: NotificationType[],
): Promise<void> {
  if (types.length === 0) return;
  await tx
    .update(notifications)
    .set({ emailDue: null })
    .where(
      and(
        eq(notifications.userId, userId),
        inArray(notifications.type, types),
        isNull(notifications.emailedAt),
      ),
    );
}
