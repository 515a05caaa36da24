import { and, eq, isNull, sql } from 'drizzle-orm';
import { messages, reports, stories, streams, users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { ID_MAX, type ReportKind } from '@glimpse/contract';

/** What a report or an action needs to know of its item: its owner (and a message's chat). */
export interface TargetFact {
  ownerId: number;
  /** The chat a message is in (who may read it may report it). */
  chatId: number | null;
}

/** The item's owner, or undefined when there is no such item (a deleted message, an erased user). */
export async function targetFact(
  db: DbOrTx,
  kind: ReportKind,
  id: number,
): Promise<TargetFact | undefined> {
  // Stories, users and streams have integer ids (messages bigint): a larger id names no row,
  // and would fail in the query itself (the contract allows up to a message's safe integer).
  if (kind !== 'message' && id > ID_MAX) return undefined;
  switch (kind) {
    case 'story': {
      const [row] = await db
        .select({ ownerId: stories.userId })
        .from(stories)
        .where(eq(stories.id, id));
      return row && { ownerId: row.ownerId, chatId: null };
    }
    case 'message': {
      const [row] = await db
        .select({ ownerId: messages.senderId, chatId: messages.chatId })
        .from(messages)
        .where(and(eq(messages.id, id), isNull(messages.deletedAt)));
      return row && { ownerId: row.ownerId, chatId: row.chatId };
    }
    case 'user': {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)));
      return row && { ownerId: row.id, chatId: null };
    }
    case 'stream': {
      const [row] = await db
        .select({ ownerId: streams.creatorId })
        .from(streams)
        .where(eq(streams.id, id));
      return row && { ownerId: row.ownerId, chatId: null };
    }
  }
}

/**
 * One open report per reporter and item (the partial unique index `reports_open_once_key`):
 * answers the new report's id, or null when the reporter's open report of the item exists.
 */
export async function insertReport(
  db: DbOrTx,
  row: {
    kind: ReportKind;
    targetId: number;
    targetUserId: number;
    reporterId: number;
    reason: string;
    details: string;
  },
): Promise<number | null> {
  const [inserted] = await db
    .insert(reports)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: reports.id });
  return inserted?.id ?? null;
}

/**
 * Closes every open report of the item (dismissed, or actioned), answering each reporter once:
 * part of the transaction that writes the decision's audit line.
 */
export async function closeOpenReports(
  db: DbOrTx,
  item: { kind: ReportKind; targetId: number },
  status: 'dismissed' | 'actioned',
  resolvedBy: number,
): Promise<{ id: number; reporterId: number }[]> {
  return db
    .update(reports)
    .set({ status, resolvedAt: sql`now()`, resolvedBy })
    .where(
      and(
        eq(reports.kind, item.kind),
        eq(reports.targetId, item.targetId),
        eq(reports.status, 'open'),
      ),
    )
    .returning({ id: reports.id, reporterId: reports.reporterId });
}

/** A report by id: which item it is about. */
export async function reportItem(
  db: DbOrTx,
  id: number,
): Promise<{ kind: ReportKind; targetId: number } | undefined> {
  const [row] = await db
    .select({ kind: reports.kind, targetId: reports.targetId })
    .from(reports)
    .where(eq(reports.id, id));
  return row;
}
