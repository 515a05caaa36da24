import type { ModerationAction, ReportKind } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/database.ts';
import type { EffectQueue } from '../../platform/db/transaction.ts';
import { notify } from '../notifications/index.ts';

/**
 * Tells each reporter how their report ended (`report_resolved`, outcome dismissed or actioned)
 * and the owner what was decided about them (`moderation_notice`, outcome the action), inside
 * the decision's transaction. The audit line's id names the event, so each person hears of one
 * decision once; the moderator stays unnamed (actor null).
 */
export async function noticeDecision(
  ctx: AppContext,
  tx: Tx,
  effects: EffectQueue,
  decision: {
    auditId: number;
    kind: ReportKind;
    targetId: number;
    action: ModerationAction;
    ownerId: number;
    reporterIds: number[];
    /** A taken-down item's text, cut short, so its owner knows which one (none without text). */
    excerpt?: string | null;
  },
): Promise<void> {
  const outcome = decision.action === 'dismiss' ? 'dismissed' : 'actioned';
  for (const reporterId of new Set(decision.reporterIds)) {
    await notify(ctx, tx, effects, {
      userId: reporterId,
      type: 'report_resolved',
      actorId: null,
      subject: null,
      data: { outcome, kind: decision.kind },
      dedupeKey: `report_resolved:${decision.auditId}`,
    });
  }
  // A dismissal changes nothing for the owner, who need not learn they were reported.
  if (decision.action === 'dismiss') return;
  await notify(ctx, tx, effects, {
    userId: decision.ownerId,
    type: 'moderation_notice',
    actorId: null,
    subject: { kind: 'standing', id: decision.ownerId },
    data: {
      outcome: decision.action,
      kind: decision.kind,
      target_id: decision.targetId,
      ...(decision.excerpt ? { excerpt: decision.excerpt } : {}),
    },
    dedupeKey: `moderation_notice:${decision.auditId}`,
  });
}
