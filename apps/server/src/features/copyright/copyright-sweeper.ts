import type { AppContext } from '../../platform/context.ts';
import { PeriodicTask } from '../../platform/queue/periodic-task.ts';
import { restoreCounteredNotices } from './copyright.service.ts';

/** Runs on worker nodes this often: a countered story returns within minutes of its time. */
export const COPYRIGHT_SWEEP_INTERVAL_MS = 5 * 60_000;

/** Restores countered notices' stories once their ten business days are over. */
export class CopyrightRestorer extends PeriodicTask {
  constructor(ctx: AppContext) {
    super(ctx.log, 'copyright restore sweep', COPYRIGHT_SWEEP_INTERVAL_MS, () =>
      restoreCounteredNotices(ctx),
    );
  }
}
