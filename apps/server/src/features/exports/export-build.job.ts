import { DATA_EXPORT_TTL_DAYS } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import type { JobAttempt } from '../../platform/queue/job-runner.ts';
import { newBlobKey } from '../../platform/storage/blob-store.ts';
import { queueMail } from '../mail/index.ts';
import { writeArchive } from './export-archive.ts';
import { collectExportContent } from './export-content.ts';
import { ProgressWriter } from './export-progress.ts';
import * as repo from './exports.repository.ts';

const DAY_MS = 86_400_000;
/** Collecting the rows is the first tenth of the bar; writing the archive the next 85 points. */
const COLLECTED = 10;
const WRITTEN = 95;

/** Removes a blob, logging a failure: an orphan archive costs space, never access. */
export async function deleteBlobQuietly(
  ctx: Pick<AppContext, 'blobs' | 'log'>,
  key: string,
): Promise<void> {
  await ctx.blobs
    .delete(key)
    .catch((error: unknown) => ctx.log.warn({ err: error }, 'export blob not deleted'));
}

/**
 * The `export.build` job. Safe to run again at any point: each attempt takes the export over
 * under the row lock with a blob key of its own (a previous attempt's partial archive is
 * deleted), and only the attempt that still owns the row may mark it ready, with its mail in the
 * same transaction, so a retry after success does nothing and the mail goes once. A failure is
 * retried; the last attempt marks the export failed.
 */
export async function buildDataExport(
  ctx: AppContext,
  payload: { exportId: string },
  attempt: JobAttempt,
): Promise<void> {
  const taken = await inTransaction(ctx.db, async (tx, effects) => {
    const row = await repo.findExportForUpdate(tx, payload.exportId);
    if (!row || (row.status !== 'pending' && row.status !== 'building')) return undefined;
    const blobKey = newBlobKey();
    await repo.startAttempt(tx, row.id, blobKey);
    const previous = row.blobKey;
    if (previous) effects.afterCommit(() => deleteBlobQuietly(ctx, previous));
    return { row, blobKey };
  });
  if (!taken) return;
  const { row, blobKey } = taken;
  const progress = new ProgressWriter(ctx, row.id, blobKey);
  try {
    const content = await collectExportContent(ctx, row.userId);
    if (!content) {
      // The account is gone (its rows cascade); nothing to build.
      await repo.markFailed(ctx.db, row.id, blobKey);
      return;
    }
    progress.set(COLLECTED);
    const sizeBytes = await writeArchive(ctx.blobs, blobKey, content, (fraction) =>
      progress.set(COLLECTED + fraction * (WRITTEN - COLLECTED)),
    );
    await progress.flush();
    const readyAt = new Date();
    const expiresAt = new Date(readyAt.getTime() + DATA_EXPORT_TTL_DAYS * DAY_MS);
    const ready = await inTransaction(ctx.db, async (tx, effects) => {
      const done = await repo.markReady(tx, row.id, blobKey, { sizeBytes, readyAt, expiresAt });
      if (done)
        await queueMail(tx, effects, {
          userId: row.userId,
          to: content.email,
          template: 'data_export_ready',
          params: { name: content.name, days: DATA_EXPORT_TTL_DAYS },
        });
      return done;
    });
    // Another attempt took the export over meanwhile: its archive counts, not this one.
    if (!ready) await deleteBlobQuietly(ctx, blobKey);
  } catch (error) {
    await progress.flush();
    await deleteBlobQuietly(ctx, blobKey);
    if (!attempt.final) throw error;
    ctx.log.error({ err: error, exportId: row.id }, 'data export failed');
    await repo.markFailed(ctx.db, row.id, blobKey);
  }
}
