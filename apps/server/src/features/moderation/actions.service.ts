import type { ModerationActionBody } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { requireAccess } from '../access/index.ts';
import { recordAudit } from '../audit/index.ts';
import { listStoryHashes } from '../known-content/index.ts';
import * as enforcement from './enforcement/index.ts';
import {
  accountStanding,
  lockAccount,
  openReportCount,
  sameDecisionJustMade,
} from './actions.repository.ts';
import { noticeDecision } from './moderation-notices.ts';
import { removedItemText } from './standing.service.ts';
import { closeOpenReports, targetFact } from './reports.repository.ts';

const invalid = (reason: string) => new AppError('moderation_action_invalid', { err_msg: reason });

type Standing = NonNullable<Awaited<ReturnType<typeof accountStanding>>>;

/**
 * Which combinations make sense: a takedown is for content (story, message, stream), account
 * actions apply to the item's owner, nobody acts on themself, a moderator never on staff (an
 * admin may act on a moderator, never on another admin), and each account action must change
 * something (no unsuspending the unsuspended).
 */
function assertValid(
  body: ModerationActionBody,
  actor: Standing,
  owner: Standing,
  hasOpenReports: boolean,
): void {
  if (owner.id === actor.id) throw invalid('own_account');
  if (owner.role === 'admin' || (owner.role === 'moderator' && actor.role !== 'admin'))
    throw invalid('staff_account');
  if (body.action !== 'suspend' && body.suspend_days !== undefined)
    throw invalid('suspend_days_without_suspend');
  if (body.block_copies && (body.action !== 'take_down' || body.kind !== 'story'))
    throw invalid('block_copies_without_story_takedown');
  switch (body.action) {
    case 'dismiss':
      if (!hasOpenReports) throw invalid('no_open_reports');
      return;
    case 'take_down':
      if (body.kind === 'user') throw invalid('take_down_user');
      return;
    case 'unsuspend':
      if (owner.suspendedAt === null) throw invalid('not_suspended');
      return;
    case 'hold_payouts':
      if (owner.payoutsHeldAt !== null) throw invalid('payouts_already_held');
      return;
    case 'release_payouts':
      if (owner.payoutsHeldAt === null) throw invalid('payouts_not_held');
      return;
    default:
      return;
  }
}

/** Carries the decision out on every surface (features/moderation/enforcement). */
async function enforce(ctx: AppContext, body: ModerationActionBody, ownerId: number) {
  switch (body.action) {
    case 'take_down': {
      const kind = body.kind as enforcement.TakedownKind;
      const done = await enforcement.takeDown(ctx, kind, body.target_id);
      if (!done) throw new AppError('report_target_not_found');
      return {};
    }
    case 'suspend': {
      const days = body.suspend_days ?? null;
      const until = days === null ? null : new Date(Date.now() + days * 86_400_000);
      await enforcement.suspend(ctx, ownerId, until);
      return { suspend_days: days, until: until?.toISOString() ?? null };
    }
    case 'unsuspend':
      await enforcement.unsuspend(ctx, ownerId);
      return {};
    case 'hold_payouts':
      await enforcement.setPayoutHold(ctx, ownerId, true);
      return {};
    case 'release_payouts':
      await enforcement.setPayoutHold(ctx, ownerId, false);
      return {};
    default:
      // dismiss and warn change nothing but the reports, the audit log and the owner's standing.
      return {};
  }
}

/**
 * POST /api/moderation/actions: one decision on an item and its owner. Enforcement runs first;
 * then one transaction closes the item's open reports (dismissed, or actioned), writes the
 * audit line and tells reporters and owner, so the log never records a decision half made.
 */
export async function moderationAction(
  ctx: AppContext,
  moderatorId: number,
  body: ModerationActionBody,
): Promise<{ success: true; audit_id: number; reports_closed: number }> {
  await requireAccess(ctx, moderatorId, 'moderation.console', [moderatorId]);
  const fact = await targetFact(ctx.db, body.kind, body.target_id);
  if (!fact) throw new AppError('report_target_not_found');
  const [actor, owner] = await Promise.all([
    accountStanding(ctx.db, moderatorId),
    accountStanding(ctx.db, fact.ownerId),
  ]);
  if (!actor || !owner || owner.deletedAt) throw new AppError('report_target_not_found');
  const hasOpen = await hasOpenReports(ctx, body);
  assertValid(body, actor, owner, hasOpen);
  const hashes = body.block_copies ? await blockCopies(ctx, moderatorId, body) : null;
  // Read before the takedown's transaction: the owner's notice says which item it was.
  const excerpt =
    body.action === 'take_down' ? await removedItemText(ctx, body.kind, body.target_id) : null;
  const details = await enforce(ctx, body, owner.id);
  return inTransaction(ctx.db, async (tx, effects) => {
    // Decisions about one owner take turns: a double submit (or two moderators at once) sees
    // the first one's closed reports instead of telling everyone twice.
    await lockAccount(tx, owner.id);
    const decision = {
      actorId: moderatorId,
      action: body.action,
      kind: body.kind,
      targetId: body.target_id,
      note: body.note,
    };
    if (await sameDecisionJustMade(tx, decision)) throw invalid('already_decided');
    const closed = await closeOpenReports(
      tx,
      { kind: body.kind, targetId: body.target_id },
      body.action === 'dismiss' ? 'dismissed' : 'actioned',
      moderatorId,
    );
    // The reports this decision was about were decided meanwhile: nothing left to dismiss or
    // warn about. (A takedown is recorded anyway: enforcement has already run.)
    if (hasOpen && closed.length === 0 && (body.action === 'dismiss' || body.action === 'warn'))
      throw invalid('already_decided');
    const auditId = await recordAudit(tx, {
      actorId: moderatorId,
      action: body.action,
      targetKind: body.kind,
      targetId: body.target_id,
      subjectUserId: owner.id,
      note: body.note,
      details: {
        ...details,
        reports_closed: closed.length,
        ...(hashes === null ? {} : { blocked_hashes: hashes }),
      },
    });
    await noticeDecision(ctx, tx, effects, {
      auditId,
      kind: body.kind,
      targetId: body.target_id,
      action: body.action,
      ownerId: owner.id,
      reporterIds: closed.map((report) => report.reporterId),
      excerpt,
    });
    return { success: true as const, audit_id: auditId, reports_closed: closed.length };
  });
}

async function hasOpenReports(ctx: AppContext, body: ModerationActionBody): Promise<boolean> {
  return (await openReportCount(ctx.db, body.kind, body.target_id)) > 0;
}

/**
 * A story's hashes onto the known-content blocklist (its stored hashes and its picture's crops),
 * so copies are held for review at upload; before the takedown, while its media is at hand.
 * Answers how many hashes were listed.
 */
async function blockCopies(
  ctx: AppContext,
  moderatorId: number,
  body: ModerationActionBody,
): Promise<number> {
  const listed = await listStoryHashes(
    ctx,
    body.target_id,
    moderatorId,
    `Taken down: ${body.note}`.slice(0, 200),
  );
  if (listed === null) throw new AppError('report_target_not_found');
  return listed;
}
