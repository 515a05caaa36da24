import { and, eq, sql } from 'drizzle-orm';
import { auditLog, reports, users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';

/** What an action on an account checks first: its role and its standing now. */
export async function accountStanding(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      suspendedAt: users.suspendedAt,
      suspendedUntil: users.suspendedUntil,
      payoutsHeldAt: users.payoutsHeldAt,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The item's open reports (a dismissal needs at least one). */
export async function openReportCount(db: DbOrTx, kind: string, targetId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reports)
    .where(
      and(
        eq(reports.kind, kind as 'story'),
        eq(reports.targetId, targetId),
        eq(reports.status, 'open'),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Locks the account's row for the decision's transaction (decisions about one owner queue). */
export async function lockAccount(db: DbOrTx, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The same moderator made the same decision with the same note in the last minute. */
export async function sameDecisionJustMade(
  db: DbOrTx,
  decision: { actorId: number; action: string; kind: string; targetId: number; note: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.actorId, decision.actorId),
        eq(auditLog.action, decision.action),
        eq(auditLog.targetKind, decision.kind),
        eq(auditLog.targetId, decision.targetId),
        eq(auditLog.note, decision.note),
        sql`${auditLog.createdAt} > now() - interval '1 minute'`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
