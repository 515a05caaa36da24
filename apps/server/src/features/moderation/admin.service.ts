import type { AuditLogPage, ModerationQueue } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { requireAccess } from '../access/index.ts';
import { moderationAction } from './actions.service.ts';
import { moderationAuditLog } from './lookup.service.ts';
import { moderationQueue, resolvedQueue } from './queue.service.ts';
import { reportItem } from './reports.repository.ts';

// The fixed /api/admin paths: doors onto the console's services, same rules.

export function adminReports(
  ctx: AppContext,
  moderatorId: number,
  query: { status?: 'open' | 'resolved'; cursor?: string; limit?: number },
): Promise<ModerationQueue> {
  const { status, ...page } = query;
  return status === 'resolved'
    ? resolvedQueue(ctx, moderatorId, page)
    : moderationQueue(ctx, moderatorId, page);
}

/** Decides the item report `reportId` is about; all its open reports close with it. */
export async function adminResolveReport(
  ctx: AppContext,
  moderatorId: number,
  reportId: number,
  body: { action: 'dismiss' | 'take_down' | 'warn' | 'suspend'; note: string; days?: number },
) {
  await requireAccess(ctx, moderatorId, 'moderation.console', [moderatorId]);
  const item = await reportItem(ctx.db, reportId);
  if (!item) throw new AppError('report_target_not_found');
  return moderationAction(ctx, moderatorId, {
    kind: item.kind,
    target_id: item.targetId,
    action: body.action,
    note: body.note,
    ...(body.action === 'suspend' ? { suspend_days: body.days ?? null } : {}),
    ...(body.action !== 'suspend' && body.days !== undefined ? { suspend_days: body.days } : {}),
  });
}

export function adminSuspendUser(
  ctx: AppContext,
  moderatorId: number,
  userId: number,
  body: { days?: number; note: string },
) {
  return moderationAction(ctx, moderatorId, {
    kind: 'user',
    target_id: userId,
    action: 'suspend',
    note: body.note,
    suspend_days: body.days ?? null,
  });
}

export function adminUnsuspendUser(
  ctx: AppContext,
  moderatorId: number,
  userId: number,
  body: { note?: string },
) {
  return moderationAction(ctx, moderatorId, {
    kind: 'user',
    target_id: userId,
    action: 'unsuspend',
    note: body.note ?? 'Suspension lifted',
  });
}

export function adminAuditLog(
  ctx: AppContext,
  moderatorId: number,
  query: Parameters<typeof moderationAuditLog>[2],
): Promise<AuditLogPage> {
  return moderationAuditLog(ctx, moderatorId, query);
}
