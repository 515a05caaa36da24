import { and, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { appeals, auditLog, payouts, reports, streams, users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const summaryColumns = {
  id: users.id,
  name: users.name,
  slug: users.slug,
  avatarKey: users.avatarKey,
  email: users.email,
  role: users.role,
  suspendedAt: users.suspendedAt,
  createdAt: users.createdAt,
};

/** Accounts by id, address, handle or name: exact id and address first, then the newest. */
export async function searchUsers(db: DbOrTx, q: string, limit: number) {
  const text = q.trim();
  const like = `%${escapeLike(text.replace(/^@/, ''))}%`;
  const conditions: SQL[] = [
    ilike(users.email, like),
    ilike(users.slug, like),
    ilike(users.name, like),
  ];
  if (/^\d{1,15}$/.test(text)) conditions.push(eq(users.id, Number(text)));
  return db
    .select(summaryColumns)
    .from(users)
    .where(and(isNull(users.deletedAt), or(...conditions)))
    .orderBy(
      sql`(${users.id}::text = ${text} or lower(${users.email}) = lower(${text})) desc`,
      desc(users.id),
    )
    .limit(limit);
}

export async function userDetail(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      ...summaryColumns,
      bio: users.bio,
      countryCode: users.countryCode,
      suspendedUntil: users.suspendedUntil,
      payoutsHeldAt: users.payoutsHeldAt,
      verifyOndatoAt: users.verifyOndatoAt,
      deletionRequestedAt: users.deletionRequestedAt,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, id));
  return row && !row.deletedAt ? row : undefined;
}

/** Reports against the account or its content, newest first. */
export function reportsAgainst(db: DbOrTx, userId: number, limit: number) {
  return db
    .select({
      id: reports.id,
      kind: reports.kind,
      targetId: reports.targetId,
      reason: reports.reason,
      details: reports.details,
      status: reports.status,
      reporterId: reports.reporterId,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .where(eq(reports.targetUserId, userId))
    .orderBy(desc(reports.id))
    .limit(limit);
}

export async function reportsMadeCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reports)
    .where(eq(reports.reporterId, userId));
  return Number(row?.n ?? 0);
}

export interface PurchaseRow {
  kind: string;
  amountCents: number;
  counterpartyId: number | null;
  createdAt: Date;
}

/** What the account bought: story unlocks, subscriptions and tips, newest first. */
export async function purchasesOf(
  db: DbOrTx,
  userId: number,
  limit: number,
): Promise<PurchaseRow[]> {
  const result = await db.execute<{
    kind: string;
    amount_cents: number | string;
    counterparty_id: number | null;
    created_at: unknown;
  }>(sql`
    select * from (
      select 'story' as kind, u.price_cents as amount_cents, s.user_id as counterparty_id,
        u.created_at
      from story_unlocks u left join stories s on s.id = u.story_id
      where u.user_id = ${userId}
      union all
      select 'subscription', price_cents, creator_id, starts_at
      from subscriptions where subscriber_id = ${userId} and price_cents > 0
      union all
      select 'tip', amount_cents, creator_id, created_at from tips where tipper_id = ${userId}
    ) p
    order by created_at desc
    limit ${limit}`);
  return result.rows.map((row) => ({
    kind: row.kind,
    amountCents: Number(row.amount_cents),
    counterpartyId: row.counterparty_id === null ? null : Number(row.counterparty_id),
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(String(row.created_at)),
  }));
}

export function payoutsOf(db: DbOrTx, userId: number, limit: number) {
  return db
    .select({
      id: payouts.id,
      amountCents: payouts.amountCents,
      status: payouts.status,
      createdAt: payouts.createdAt,
    })
    .from(payouts)
    .where(eq(payouts.userId, userId))
    .orderBy(desc(payouts.id))
    .limit(limit);
}

/** Streams in progress (not taken down), most watched first, with their open reports. */
export function streamsInProgress(db: DbOrTx, limit: number) {
  return db
    .select({
      id: streams.id,
      title: streams.title,
      creatorId: streams.creatorId,
      viewerCount: streams.viewerCount,
      startedAt: streams.startedAt,
      // Spelled out: inside a select list drizzle would write the outer id without its table.
      openReports: sql<number>`(select count(*)::int from reports r
        where r.kind = 'stream' and r.target_id = "streams"."id" and r.status = 'open')`,
    })
    .from(streams)
    .where(and(inArray(streams.status, ['starting', 'live']), isNull(streams.takenDownAt)))
    .orderBy(desc(streams.viewerCount), desc(streams.id))
    .limit(limit);
}

/** The account's own standing: suspension and payout hold. */
export async function standingOf(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      suspendedAt: users.suspendedAt,
      suspendedUntil: users.suspendedUntil,
      payoutsHeldAt: users.payoutsHeldAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Audit lines of these actions about the account, newest first. */
export function auditLinesAbout(db: DbOrTx, userId: number, actions: string[], limit: number) {
  return db
    .select({
      action: auditLog.action,
      targetKind: auditLog.targetKind,
      targetId: auditLog.targetId,
      note: auditLog.note,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(and(eq(auditLog.subjectUserId, userId), inArray(auditLog.action, actions)))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

/** The account's appeals, newest first (the first one per item is the one shown). */
export function appealsOf(db: DbOrTx, userId: number) {
  return db
    .select({
      id: appeals.id,
      kind: appeals.kind,
      targetId: appeals.targetId,
      status: appeals.status,
    })
    .from(appeals)
    .where(eq(appeals.userId, userId))
    .orderBy(desc(appeals.id));
}
