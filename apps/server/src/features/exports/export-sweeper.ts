import type { AppContext } from '../../platform/context.ts';
import { deleteBlobQuietly } from './export-build.job.ts';
import * as repo from './exports.repository.ts';
import { PeriodicTask } from '../../platform/queue/periodic-task.ts';

const SWEEP_BATCH = 100;
/** Runs on worker nodes this often (server.ts). */
export const EXPORT_SWEEP_INTERVAL_MS = 15 * 60_000;
/**
 * An export pending or building for this long lost its job: every attempt (six at most, each cut
 * off after 15 minutes, with up to 5 minutes between) would have ended well before.
 */
export const EXPORT_STUCK_AFTER_MS = 3 * 60 * 60_000;

export interface ExportSweep {
  expired: number;
  stuck: number;
}

/**
 * Deletes the archives of exports past their expiry (the row stays, shown as expired), and
 * fails exports whose job was lost so their owner may ask again.
 */
export async function sweepExports(
  ctx: Pick<AppContext, 'db' | 'blobs' | 'log'>,
  now = new Date(),
): Promise<ExportSweep> {
  const sweep: ExportSweep = { expired: 0, stuck: 0 };
  for (const row of await repo.expiredWithBlob(ctx.db, now, SWEEP_BATCH)) {
    await ctx.blobs.delete(row.blobKey!);
    await repo.forgetBlob(ctx.db, row.id, row.blobKey!);
    sweep.expired += 1;
  }
  const stuckBefore = new Date(now.getTime() - EXPORT_STUCK_AFTER_MS);
  for (const row of await repo.stuckSince(ctx.db, stuckBefore, SWEEP_BATCH)) {
    if (!(await repo.markFailed(ctx.db, row.id, row.blobKey))) continue;
    if (row.blobKey) await deleteBlobQuietly(ctx, row.blobKey);
    ctx.log.warn({ exportId: row.id }, 'data export was stuck: failed');
    sweep.stuck += 1;
  }
  return sweep;
}

/** Runs the sweep every EXPORT_SWEEP_INTERVAL_MS on worker nodes. */
export class ExportSweeper extends PeriodicTask {
  constructor(ctx: Pick<AppContext, 'db' | 'blobs' | 'log'>) {
    super(ctx.log, 'export sweep', EXPORT_SWEEP_INTERVAL_MS, () => sweepExports(ctx));
  }
}
