import {
  fromCents,
  type AuditLogPage,
  type ModerationUserDetail,
  type ReportReason,
} from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { requireAccess } from '../access/index.ts';
import { searchAudit } from '../audit/index.ts';
import { peopleByIds } from './items.repository.ts';
import * as repo from './lookup.repository.ts';
import { auditEntry, goneRef, personRef } from './moderation.presenter.ts';

const AUDIT_PAGE_DEFAULT = 50;
const HISTORY_MAX = 100;
const USER_SEARCH_MAX = 20;
const STREAMS_MAX = 100;

const requireConsole = (ctx: AppContext, moderatorId: number) =>
  requireAccess(ctx, moderatorId, 'moderation.console', [moderatorId]);

/** GET /api/moderation/audit: newest first; `q` over actions, notes and names. */
export async function moderationAuditLog(
  ctx: AppContext,
  moderatorId: number,
  query: { q?: string; actor_id?: number; subject_id?: number; cursor?: string; limit?: number },
): Promise<AuditLogPage> {
  await requireConsole(ctx, moderatorId);
  let beforeId: number | undefined;
  if (query.cursor !== undefined) {
    const text = Buffer.from(query.cursor, 'base64url').toString('utf8');
    beforeId = /^[1-9]\d{0,15}$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(beforeId)) throw new AppError('cursor_invalid');
  }
  const limit = query.limit ?? AUDIT_PAGE_DEFAULT;
  const rows = await searchAudit(ctx.db, {
    q: query.q,
    actorId: query.actor_id,
    subjectId: query.subject_id,
    beforeId,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map((row) => auditEntry(row, moderatorId, ctx.mediaSigner)),
    next_cursor:
      rows.length > limit && last ? Buffer.from(String(last.id)).toString('base64url') : null,
  };
}

const summary = (
  ctx: AppContext,
  moderatorId: number,
  row: Awaited<ReturnType<typeof repo.searchUsers>>[number],
) => ({
  ...personRef(row, moderatorId, ctx.mediaSigner),
  email: row.email,
  role: row.role,
  suspended: row.suspendedAt !== null,
  created_at: row.createdAt.toISOString(),
});

export async function moderationUserSearch(ctx: AppContext, moderatorId: number, q: string) {
  await requireConsole(ctx, moderatorId);
  const rows = await repo.searchUsers(ctx.db, q, USER_SEARCH_MAX);
  return { users: rows.map((row) => summary(ctx, moderatorId, row)) };
}

/** GET /api/moderation/users/{id}: the account, reports about it, decisions, money. */
export async function moderationUser(
  ctx: AppContext,
  moderatorId: number,
  userId: number,
): Promise<ModerationUserDetail> {
  await requireConsole(ctx, moderatorId);
  const user = await repo.userDetail(ctx.db, userId);
  if (!user) throw new AppError('user_not_found');
  const [reports, reportsMade, actions, purchases, payouts] = await Promise.all([
    repo.reportsAgainst(ctx.db, userId, HISTORY_MAX),
    repo.reportsMadeCount(ctx.db, userId),
    searchAudit(ctx.db, { subjectId: userId, limit: HISTORY_MAX }),
    repo.purchasesOf(ctx.db, userId, HISTORY_MAX),
    repo.payoutsOf(ctx.db, userId, HISTORY_MAX),
  ]);
  const people = new Map(
    (
      await peopleByIds(ctx.db, [
        ...reports.map((report) => report.reporterId),
        ...purchases.flatMap((purchase) =>
          purchase.counterpartyId === null ? [] : [purchase.counterpartyId],
        ),
      ])
    ).map((person) => [person.id, person]),
  );
  const ref = (id: number | null) => {
    if (id === null) return null;
    const person = people.get(id);
    return person ? personRef(person, moderatorId, ctx.mediaSigner) : goneRef(id);
  };
  return {
    user: {
      ...summary(ctx, moderatorId, user),
      bio: user.bio,
      country_code: user.countryCode,
      suspended_until: user.suspendedUntil?.toISOString() ?? null,
      payouts_held: user.payoutsHeldAt !== null,
      verified: user.verifyOndatoAt !== null,
      deletion_requested: user.deletionRequestedAt !== null,
    },
    reports: reports.map((report) => ({
      id: report.id,
      kind: report.kind,
      target_id: report.targetId,
      reason: report.reason as ReportReason,
      details: report.details,
      status: report.status,
      reporter: ref(report.reporterId),
      created_at: report.createdAt.toISOString(),
    })),
    reports_made: reportsMade,
    actions: actions.map((row) => auditEntry(row, moderatorId, ctx.mediaSigner)),
    purchases: purchases.map((purchase) => ({
      kind: purchase.kind,
      amount: fromCents(purchase.amountCents),
      counterparty: ref(purchase.counterpartyId),
      created_at: purchase.createdAt.toISOString(),
    })),
    payouts: payouts.map((payout) => ({
      id: payout.id,
      amount: fromCents(payout.amountCents),
      status: payout.status,
      created_at: payout.createdAt.toISOString(),
    })),
  };
}

/** GET /api/moderation/streams: what is live now, most watched first. */
export async function moderationStreams(ctx: AppContext, moderatorId: number) {
  await requireConsole(ctx, moderatorId);
  const rows = await repo.streamsInProgress(ctx.db, STREAMS_MAX);
  const people = new Map(
    (
      await peopleByIds(
        ctx.db,
        rows.map((row) => row.creatorId),
      )
    ).map((p) => [p.id, p]),
  );
  return {
    streams: rows.map((row) => {
      const creator = people.get(row.creatorId);
      return {
        id: row.id,
        title: row.title,
        creator: creator
          ? personRef(creator, moderatorId, ctx.mediaSigner)
          : goneRef(row.creatorId),
        viewer_count: row.viewerCount,
        started_at: row.startedAt?.toISOString() ?? null,
        open_reports: Number(row.openReports),
      };
    }),
  };
}
