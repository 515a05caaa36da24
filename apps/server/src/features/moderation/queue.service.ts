import {
  REPORT_KINDS,
  REPORT_REVIEW_HOURS,
  type ModerationQueue,
  type QueueItem,
  type ReportKind,
  type ReportReason,
} from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { requireAccess } from '../access/index.ts';
import * as items from './items.repository.ts';
import { goneRef, itemOf, personRef, type ItemRows } from './moderation.presenter.ts';
import * as repo from './queue.repository.ts';

const QUEUE_PAGE_DEFAULT = 20;
/** Reporters and words shown per item; the counts cover every report. */
const SHOWN_PER_ITEM = 10;

export function encodeQueueCursor(position: repo.QueuePosition): string {
  return Buffer.from(
    JSON.stringify([position.urgent ? 1 : 0, position.first, position.kind, position.targetId]),
  ).toString('base64url');
}

function isCalendarDay(day: string): boolean {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function decodeQueueCursor(cursor: string): repo.QueuePosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 4) {
      const [urgent, first, kind, targetId] = value as unknown[];
      if (
        (urgent === 0 || urgent === 1) &&
        typeof first === 'string' &&
        /^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/.test(
          first,
        ) &&
        isCalendarDay(first.slice(0, 10)) &&
        (REPORT_KINDS as readonly unknown[]).includes(kind) &&
        Number.isSafeInteger(targetId) &&
        (targetId as number) > 0
      )
        return {
          urgent: urgent === 1,
          first,
          kind: kind as ReportKind,
          targetId: targetId as number,
        };
    }
  } catch {
    // Falls through to the refusal: not base64url JSON.
  }
  throw new AppError('cursor_invalid');
}

const idsOf = (groups: { kind: ReportKind; targetId: number }[], kind: ReportKind) =>
  groups.filter((group) => group.kind === kind).map((group) => group.targetId);

async function loadItemRows(
  ctx: AppContext,
  groups: { kind: ReportKind; targetId: number }[],
): Promise<ItemRows> {
  const [story, message, user, stream] = await Promise.all([
    items.storiesByIds(ctx.db, idsOf(groups, 'story')),
    items.messagesByIds(ctx.db, idsOf(groups, 'message')),
    items.usersByIds(ctx.db, idsOf(groups, 'user')),
    items.streamsByIds(ctx.db, idsOf(groups, 'stream')),
  ]);
  return {
    story: new Map(story.map((row) => [row.id, row])),
    message: new Map(message.map((row) => [row.id, row])),
    user: new Map(user.map((row) => [row.id, row])),
    stream: new Map(stream.map((row) => [row.id, row])),
  };
}

/** The page's merged items with their reporters, reasons, owners and the items themselves. */
async function presentGroups(
  ctx: AppContext,
  moderatorId: number,
  groups: repo.QueueGroup[],
  state: 'open' | 'closed',
): Promise<QueueItem[]> {
  const [reports, reasons, rows] = await Promise.all([
    repo.firstReportsOf(ctx.db, groups, SHOWN_PER_ITEM, state),
    repo.reasonCountsOf(ctx.db, groups, state),
    loadItemRows(ctx, groups),
  ]);
  const people = new Map(
    (
      await items.peopleByIds(ctx.db, [
        ...groups.map((group) => group.ownerId),
        ...reports.map((report) => report.reporterId),
      ])
    ).map((person) => [person.id, person]),
  );
  const ref = (id: number) => {
    const person = people.get(id);
    return person ? personRef(person, moderatorId, ctx.mediaSigner) : goneRef(id);
  };
  const overdueBefore = Date.now() - REPORT_REVIEW_HOURS * 3_600_000;
  const sameItem = (group: repo.QueueGroup) => (row: { kind: ReportKind; targetId: number }) =>
    row.kind === group.kind && row.targetId === group.targetId;
  return groups.map((group) => {
    const mine = reports.filter(sameItem(group));
    return {
      kind: group.kind,
      target_id: group.targetId,
      owner: ref(group.ownerId),
      report_count: group.count,
      reasons: reasons
        .filter(sameItem(group))
        .map((row) => ({ reason: row.reason, count: row.count })),
      reporters: mine.slice(0, SHOWN_PER_ITEM).map((row) => ref(row.reporterId)),
      details: mine
        .map((row) => row.details)
        .filter((details) => details.length > 0)
        .slice(0, SHOWN_PER_ITEM),
      first_reported_at: group.firstAt.toISOString(),
      last_reported_at: group.lastAt.toISOString(),
      urgent: group.urgent,
      // Only what still waits can be late.
      overdue: state === 'open' && group.firstAt.getTime() < overdueBefore,
      item: itemOf(rows, group.kind, group.targetId, moderatorId, ctx.mediaSigner),
    };
  });
}

/**
 * GET /api/moderation/queue: open reports merged per item, urgent reasons first, then the
 * longest waiting; each item with its counts, reasons, first reporters and their words, its
 * owner, and the item itself with media signed for the moderator.
 */
export async function moderationQueue(
  ctx: AppContext,
  moderatorId: number,
  query: { kind?: ReportKind; reason?: ReportReason; cursor?: string; limit?: number },
): Promise<ModerationQueue> {
  await requireAccess(ctx, moderatorId, 'moderation.console', [moderatorId]);
  const after = query.cursor ? decodeQueueCursor(query.cursor) : null;
  const limit = query.limit ?? QUEUE_PAGE_DEFAULT;
  const found = await repo.openGroups(ctx.db, query, after, limit + 1);
  const groups = found.slice(0, limit);
  const [itemsOut, openItems] = await Promise.all([
    presentGroups(ctx, moderatorId, groups, 'open'),
    repo.openItemCount(ctx.db),
  ]);
  const last = groups.at(-1);
  return {
    items: itemsOut,
    next_cursor: found.length > limit && last ? encodeQueueCursor(last) : null,
    open_items: openItems,
  };
}

const TIMESTAMP_TEXT =
  /^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

function decodeResolvedCursor(cursor: string): repo.ResolvedPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 3) {
      const [last, kind, targetId] = value as unknown[];
      if (
        typeof last === 'string' &&
        TIMESTAMP_TEXT.test(last) &&
        isCalendarDay(last.slice(0, 10)) &&
        (REPORT_KINDS as readonly unknown[]).includes(kind) &&
        Number.isSafeInteger(targetId) &&
        (targetId as number) > 0
      )
        return { last, kind: kind as ReportKind, targetId: targetId as number };
    }
  } catch {
    // Falls through to the refusal.
  }
  throw new AppError('cursor_invalid');
}

/** GET /api/admin/reports?status=resolved: decided items, the newest decision first. */
export async function resolvedQueue(
  ctx: AppContext,
  moderatorId: number,
  query: { cursor?: string; limit?: number },
): Promise<ModerationQueue> {
  await requireAccess(ctx, moderatorId, 'moderation.console', [moderatorId]);
  const after = query.cursor ? decodeResolvedCursor(query.cursor) : null;
  const limit = query.limit ?? QUEUE_PAGE_DEFAULT;
  const found = await repo.resolvedGroups(ctx.db, after, limit + 1);
  const groups = found.slice(0, limit);
  const [itemsOut, openItems] = await Promise.all([
    presentGroups(ctx, moderatorId, groups, 'closed'),
    repo.openItemCount(ctx.db),
  ]);
  const last = groups.at(-1);
  return {
    items: itemsOut,
    next_cursor:
      found.length > limit && last
        ? Buffer.from(JSON.stringify([last.resolved, last.kind, last.targetId])).toString(
            'base64url',
          )
        : null,
    open_items: openItems,
  };
}
