import type { AppContext } from '../../platform/context.ts';
import { PeriodicTask } from '../../platform/queue/periodic-task.ts';
import { liftSuspensionIfOver, suspensionsOver } from './standing.repository.ts';

const SWEEP_BATCH = 100;
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Lifts the timed suspensions whose end has passed (issue 29): the account shows again and may
 * sign in; nothing was refunded, so paid access simply resumes. Lifting is all `unsuspend`
 * does (moderation's enforcement), so it lives beside the standing it clears. Safe on several
 * nodes: each lift is one conditional update, and a re-suspension meanwhile stays.
 */
export async function sweepSuspensions(ctx: AppContext): Promise<number[]> {
  const lifted: number[] = [];
  for (const userId of await suspensionsOver(ctx.db, SWEEP_BATCH)) {
    if (await liftSuspensionIfOver(ctx.db, userId)) lifted.push(userId);
  }
  return lifted;
}

/** Runs the sweep on worker nodes once a minute (pattern: money's SubscriptionSweeper). */
export class SuspensionSweeper extends PeriodicTask {
  constructor(ctx: AppContext) {
    super(ctx.log, 'suspension sweep', SWEEP_INTERVAL_MS, () => sweepSuspensions(ctx));
  }
}
