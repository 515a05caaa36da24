import { and, asc, desc, eq, gte, inArray, isNotNull, ne } from 'drizzle-orm';
import { appeals, auditLog, messages, stories, streams, users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';

export type AppealRow = typeof appeals.$inferSelect;
export type ItemKind = 'story' | 'message' | 'stream';

/** Whether the user owns the item and it is taken down (only then is there anything to appeal). */
export async function ownsTakenDownItem(
  db: DbOrTx,
  userId: number,
  kind: ItemKind,
  id: number,
): Promise<boolean> {
  if (kind === 'story') {
    if (id > 2_147_483_647) return false;
    const rows = await db
      .select({ id: stories.id })
      .from(stories)
      .where(and(eq(stories.id, id), eq(stories.userId, userId), eq(stories.status, 'taken_down')));
    return rows.length > 0;
  }
  if (kind === 'message') {
    const rows = await db
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(eq(messages.id, id), eq(messages.senderId, userId), isNotNull(messages.takenDownAt)),
      );
    return rows.length > 0;
  }
  if (id > 2_147_483_647) return false;
  const rows = await db
    .select({ id: streams.id })
    .from(streams)
    .where(and(eq(streams.id, id), eq(streams.creatorId, userId), isNotNull(streams.takenDownAt)));
  return rows.length > 0;
}

/** Inserts an open appeal; undefined when the user already has one open for the item. */
export async function insertOpenAppeal(
  db: DbOrTx,
  values: { userId: number; kind: AppealRow['kind']; targetId: number; statement: string },
): Promise<AppealRow | undefined> {
  const [row] = await db.insert(appeals).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findAppeal(db: DbOrTx, id: number): Promise<AppealRow | undefined> {
  const [row] = await db.select().from(appeals).where(eq(appeals.id, id));
  return row;
}

/** Decides an appeal that is still open; undefined when it was decided meanwhile. */
export async function decideOpenAppeal(
  db: DbOrTx,
  id: number,
  changes: { status: 'granted' | 'denied'; decidedBy: number; decidedAt: Date; note: string },
): Promise<AppealRow | undefined> {
  const [row] = await db
    .update(appeals)
    .set(changes)
    .where(and(eq(appeals.id, id), eq(appeals.status, 'open')))
    .returning();
  return row;
}

export interface ConsoleAppealRow {
  appeal: AppealRow;
  user: { id: number; name: string; slug: string; avatarKey: string | null };
}

/** Open appeals oldest first (the queue); decided ones newest first. */
export async function listAppeals(
  db: DbOrTx,
  status: AppealRow['status'],
  limit: number,
): Promise<ConsoleAppealRow[]> {
  const rows = await db
    .select({
      appeal: appeals,
      id: users.id,
      name: users.name,
      slug: users.slug,
      avatarKey: users.avatarKey,
    })
    .from(appeals)
    .innerJoin(users, eq(users.id, appeals.userId))
    .where(eq(appeals.status, status))
    .orderBy(status === 'open' ? asc(appeals.createdAt) : desc(appeals.decidedAt), asc(appeals.id))
    .limit(limit);
  return rows.map(({ appeal, ...user }) => ({ appeal, user }));
}

/**
 * The audit actions that take an item down or suspend an account: a moderator's decision
 * (features/moderation) or a copyright notice and its strikes (features/copyright).
 */
const DECISIONS = {
  item: ['take_down', 'copyright.notice'],
  user: ['suspend', 'copyright.suspend'],
};

/**
 * When the decision an appeal is about was made: the latest audit line taking the item down (or
 * suspending the account). Undefined when the log has none (a decision made outside the console).
 */
export async function decidedAt(
  db: DbOrTx,
  kind: AppealRow['kind'],
  targetId: number,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetKind, kind === 'suspension' ? 'user' : kind),
        eq(auditLog.targetId, targetId),
        inArray(auditLog.action, kind === 'suspension' ? DECISIONS.user : DECISIONS.item),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  return row?.createdAt;
}

/**
 * Whether the user already has a decided (granted or denied) appeal of the item filed at or
 * after `since`, the current decision's time: each decision may be appealed once. Without a
 * decision time (none in the audit log) any decided appeal of the item counts.
 */
export async function appealedDecision(
  db: DbOrTx,
  values: { userId: number; kind: AppealRow['kind']; targetId: number },
  since: Date | undefined,
): Promise<boolean> {
  const rows = await db
    .select({ id: appeals.id })
    .from(appeals)
    .where(
      and(
        eq(appeals.userId, values.userId),
        eq(appeals.kind, values.kind),
        eq(appeals.targetId, values.targetId),
        ne(appeals.status, 'open'),
        since ? gte(appeals.createdAt, since) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
