import type { Readable } from 'node:stream';
import type { DataExport } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { deleteBlobQuietly } from './export-build.job.ts';
import { isExpired, presentExport } from './exports.presenter.ts';
import * as repo from './exports.repository.ts';

/**
 * Exports asked for per user per window (failed ones not counted: those are ours). Counted from
 * the exports table under the user's row lock, so the limit holds across restarts and API nodes
 * without Redis, and parallel requests cannot both pass it.
 */
export const EXPORT_LIMIT = { max: 3, windowMs: 24 * 60 * 60_000 } as const;
/** How many of the user's exports the list shows, newest first. */
const LIST_LIMIT = 10;

/**
 * POST /api/users/me/exports: a pending export and its `export.build` job, written in one
 * transaction (the outbox hands the job over once it commits). One at a time per user.
 */
export async function requestDataExport(ctx: AppContext, userId: number): Promise<DataExport> {
  const row = await inTransaction(ctx.db, async (tx, effects) => {
    await repo.lockUser(tx, userId);
    if (await repo.findUnfinished(tx, userId)) throw new AppError('export_in_progress');
    const since = new Date(Date.now() - EXPORT_LIMIT.windowMs);
    if ((await repo.countRequestedSince(tx, userId, since)) >= EXPORT_LIMIT.max)
      throw new AppError('rate_limited');
    const inserted = await repo.insertExport(tx, userId);
    effects.enqueue('export.build', { exportId: inserted.id });
    return inserted;
  });
  return presentExport(row);
}

/** GET /api/users/me/exports: the user's latest exports, newest first. */
export async function listDataExports(ctx: AppContext, userId: number): Promise<DataExport[]> {
  const now = new Date();
  return (await repo.exportsOf(ctx.db, userId, LIST_LIMIT)).map((row) => presentExport(row, now));
}

export interface ExportDownload {
  stream: Readable;
  bytes: number;
  filename: string;
}

/**
 * The archive for its owner. Anyone else's export, an unknown id and one not built yet are all
 * export_not_found (no one learns which ids exist); past its expiry export_expired, and the
 * archive is deleted then if the sweep has not done it yet.
 */
export async function openDataExport(
  ctx: AppContext,
  userId: number,
  exportId: string,
): Promise<ExportDownload> {
  const row = await repo.findExport(ctx.db, exportId);
  if (!row || row.userId !== userId || row.status !== 'ready')
    throw new AppError('export_not_found');
  if (isExpired(row, new Date())) {
    if (row.blobKey) {
      await deleteBlobQuietly(ctx, row.blobKey);
      await repo.forgetBlob(ctx.db, row.id, row.blobKey);
    }
    throw new AppError('export_expired');
  }
  const info = await ctx.blobs.stat(row.blobKey!);
  const stream = info && (await ctx.blobs.get(row.blobKey!));
  if (!info || !stream) throw new AppError('export_not_found');
  const day = (row.readyAt ?? row.createdAt).toISOString().slice(0, 10);
  return { stream, bytes: info.bytes, filename: `glimpse-data-${day}.zip` };
}
