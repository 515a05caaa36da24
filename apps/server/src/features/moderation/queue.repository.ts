import { sql, type SQL } from 'drizzle-orm';
import { URGENT_REPORT_REASONS, type ReportKind, type ReportReason } from '@glimpse/contract';
import type { DbOrTx } from '../../platform/db/database.ts';

/** Where the previous page ended, in the queue's order (urgent first, then oldest first). */
export interface QueuePosition {
  urgent: boolean;
  /** The item's first open report, as PostgreSQL wrote it (microseconds kept). */
  first: string;
  kind: ReportKind;
  targetId: number;
}

export interface QueueGroup extends QueuePosition {
  ownerId: number;
  count: number;
  firstAt: Date;
  lastAt: Date;
}

const urgentList = sql.join(
  URGENT_REPORT_REASONS.map((reason) => sql`${reason}`),
  sql`, `,
);

const asDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/**
 * Open reports merged per item, urgent items first, then the longest waiting; keyset-paged on
 * (urgent, first report, kind, id). `reason` keeps items with at least one report of it.
 */
export async function openGroups(
  db: DbOrTx,
  filter: { kind?: ReportKind; reason?: ReportReason },
  after: QueuePosition | null,
  limit: number,
): Promise<QueueGroup[]> {
  const where: SQL[] = [sql`status = 'open'`];
  if (filter.kind) where.push(sql`kind = ${filter.kind}`);
  const having = filter.reason ? sql`having bool_or(reason = ${filter.reason})` : sql``;
  const page = after
    ? sql`where (case when g.urgent then 0 else 1 end, g.first_at, g.kind, g.target_id)
        > (${after.urgent ? 0 : 1}, ${after.first}::timestamptz, ${after.kind}, ${after.targetId})`
    : sql``;
  const result = await db.execute<{
    kind: ReportKind;
    target_id: string | number;
    owner_id: number;
    n: number | string;
    first_at: unknown;
    first_text: string;
    last_at: unknown;
    urgent: boolean;
  }>(sql`
    select g.* from (
      select kind, target_id, min(target_user_id) as owner_id, count(*)::int as n,
        min(created_at) as first_at, min(created_at)::text as first_text,
        max(created_at) as last_at, bool_or(reason in (${urgentList})) as urgent
      from reports
      where ${sql.join(where, sql` and `)}
      group by kind, target_id
      ${having}
    ) g
    ${page}
    order by (case when g.urgent then 0 else 1 end), g.first_at, g.kind, g.target_id
    limit ${limit}`);
  return result.rows.map((row) => ({
    kind: row.kind,
    targetId: Number(row.target_id),
    ownerId: Number(row.owner_id),
    count: Number(row.n),
    first: row.first_text,
    firstAt: asDate(row.first_at),
    lastAt: asDate(row.last_at),
    urgent: row.urgent,
  }));
}

/** How many items have open reports (the console's badge). */
export async function openItemCount(db: DbOrTx): Promise<number> {
  const result = await db.execute<{ n: number | string }>(sql`
    select count(*)::int as n from (
      select 1 from reports where status = 'open' group by kind, target_id) g`);
  return Number(result.rows[0]?.n ?? 0);
}

export interface GroupReport {
  kind: ReportKind;
  targetId: number;
  reporterId: number;
  details: string;
}

const stateIs = (state: 'open' | 'closed') =>
  state === 'open' ? sql`status = 'open'` : sql`status <> 'open'`;

const itemPairs = (items: { kind: ReportKind; targetId: number }[]) =>
  sql.join(
    items.map((item) => sql`(${item.kind}, ${item.targetId}::bigint)`),
    sql`, `,
  );

/**
 * The first reporters of the page's items and the first non-empty words, oldest first: up to
 * `each` of both per item, however many reports an item gathered.
 */
export async function firstReportsOf(
  db: DbOrTx,
  items: { kind: ReportKind; targetId: number }[],
  each: number,
  state: 'open' | 'closed' = 'open',
): Promise<GroupReport[]> {
  if (items.length === 0) return [];
  const result = await db.execute<{
    kind: ReportKind;
    target_id: string | number;
    reporter_id: number;
    details: string;
  }>(sql`
    select kind, target_id, reporter_id, details from (
      select kind, target_id, reporter_id, details, created_at, id,
        row_number() over (partition by kind, target_id order by created_at, id) as rn,
        row_number() over (
          partition by kind, target_id, (details <> '') order by created_at, id) as drn
      from reports
      where ${stateIs(state)} and (kind, target_id) in (${itemPairs(items)})
    ) r
    where rn <= ${each} or (details <> '' and drn <= ${each})
    order by created_at, id`);
  return result.rows.map((row) => ({
    kind: row.kind,
    targetId: Number(row.target_id),
    reporterId: Number(row.reporter_id),
    details: row.details,
  }));
}

/** How many open reports of each reason the page's items have. */
export async function reasonCountsOf(
  db: DbOrTx,
  items: { kind: ReportKind; targetId: number }[],
  state: 'open' | 'closed' = 'open',
): Promise<{ kind: ReportKind; targetId: number; reason: ReportReason; count: number }[]> {
  if (items.length === 0) return [];
  const result = await db.execute<{
    kind: ReportKind;
    target_id: string | number;
    reason: ReportReason;
    n: number | string;
  }>(sql`
    select kind, target_id, reason, count(*)::int as n from reports
    where ${stateIs(state)} and (kind, target_id) in (${itemPairs(items)})
    group by kind, target_id, reason
    order by count(*) desc, reason`);
  return result.rows.map((row) => ({
    kind: row.kind,
    targetId: Number(row.target_id),
    reason: row.reason,
    count: Number(row.n),
  }));
}

/** Where the previous page of decided items ended (newest decision first). */
export interface ResolvedPosition {
  /** The item's last decision, as PostgreSQL wrote it. */
  last: string;
  kind: ReportKind;
  targetId: number;
}

/**
 * Items whose reports were decided, the newest decision first, merged like the queue; keyset-
 * paged on (last decision, kind, id) descending.
 */
export async function resolvedGroups(
  db: DbOrTx,
  after: ResolvedPosition | null,
  limit: number,
): Promise<(QueueGroup & { resolved: string })[]> {
  const page = after
    ? sql`where (g.resolved_at, g.kind, g.target_id)
        < (${after.last}::timestamptz, ${after.kind}, ${after.targetId})`
    : sql``;
  const result = await db.execute<{
    kind: ReportKind;
    target_id: string | number;
    owner_id: number;
    n: number | string;
    first_at: unknown;
    first_text: string;
    last_at: unknown;
    resolved_text: string;
    urgent: boolean;
  }>(sql`
    select g.* from (
      select kind, target_id, min(target_user_id) as owner_id, count(*)::int as n,
        min(created_at) as first_at, min(created_at)::text as first_text,
        max(created_at) as last_at, max(resolved_at) as resolved_at,
        max(resolved_at)::text as resolved_text,
        bool_or(reason in (${urgentList})) as urgent
      from reports
      where status <> 'open'
      group by kind, target_id
    ) g
    ${page}
    order by g.resolved_at desc, g.kind desc, g.target_id desc
    limit ${limit}`);
  return result.rows.map((row) => ({
    kind: row.kind,
    targetId: Number(row.target_id),
    ownerId: Number(row.owner_id),
    count: Number(row.n),
    first: row.first_text,
    firstAt: asDate(row.first_at),
    lastAt: asDate(row.last_at),
    urgent: row.urgent,
    resolved: row.resolved_text,
  }));
}
