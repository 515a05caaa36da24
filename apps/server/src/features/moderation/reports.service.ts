import type { CreateReportBody, ReportKind } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { checkAccess, requireAccess } from '../access/index.ts';
import * as repo from './reports.repository.ts';

/** Reports a reporter may file per window: enough for a bad evening, not for a flood. */
export const REPORTS_PER_WINDOW = 30;
export const REPORT_WINDOW_MS = 60 * 60 * 1000;

async function spendReport(ctx: AppContext, reporterId: number): Promise<void> {
  const key = `reports:${reporterId}`;
  if ((await ctx.limiter.hit(key, REPORT_WINDOW_MS)) > REPORTS_PER_WINDOW) {
    await ctx.limiter.refund(key);
    throw new AppError('rate_limited');
  }
}

/** Whether the reporter may see the item at all, asked of access as a read would be. */
async function visibleTo(
  ctx: AppContext,
  reporterId: number,
  kind: ReportKind,
  id: number,
  fact: repo.TargetFact,
): Promise<boolean> {
  switch (kind) {
    case 'story':
      return (await checkAccess(ctx, reporterId, 'story.view', [id])).has(id);
    case 'message':
      return (
        fact.chatId !== null &&
        (await checkAccess(ctx, reporterId, 'chat.read', [fact.chatId])).has(fact.chatId)
      );
    case 'user':
      return (await checkAccess(ctx, reporterId, 'user.view', [id])).has(id);
    case 'stream':
      return (await checkAccess(ctx, reporterId, 'stream.view', [id])).has(id);
  }
}

/**
 * POST /api/reports. An item the reporter cannot see answers 404 as if absent (no probing which
 * ids exist); the reporter's own item 400; a second open report of the same item 409.
 */
export async function createReport(
  ctx: AppContext,
  reporterId: number,
  body: CreateReportBody,
): Promise<{ success: true; report_id: number }> {
  await spendReport(ctx, reporterId);
  const fact = await repo.targetFact(ctx.db, body.target_type, body.target_id);
  if (!fact || !(await visibleTo(ctx, reporterId, body.target_type, body.target_id, fact)))
    throw new AppError('report_target_not_found');
  if (fact.ownerId === reporterId) throw new AppError('report_own_content');
  const id = await repo.insertReport(ctx.db, {
    kind: body.target_type,
    targetId: body.target_id,
    targetUserId: fact.ownerId,
    reporterId,
    reason: body.reason,
    details: (body.text ?? '').trim(),
  });
  if (id === null) throw new AppError('report_already_open');
  return { success: true, report_id: id };
}

/**
 * The spec's POST /api/stories/{id}/report: the same queue, reason `other` with the accusation
 * as the reporter's words. It keeps the spec's answers: 404 for a story the reporter cannot see,
 * 403 for their own, and 200 for a repeat (their open report already waits).
 */
export async function reportStory(
  ctx: AppContext,
  reporterId: number,
  storyId: number,
  accusation: string,
): Promise<void> {
  await requireAccess(ctx, reporterId, 'story.report', [storyId]);
  await spendReport(ctx, reporterId);
  const fact = await repo.targetFact(ctx.db, 'story', storyId);
  if (!fact) throw new AppError('story_not_found');
  await repo.insertReport(ctx.db, {
    kind: 'story',
    targetId: storyId,
    targetUserId: fact.ownerId,
    reporterId,
    reason: 'other',
    details: accusation,
  });
}
