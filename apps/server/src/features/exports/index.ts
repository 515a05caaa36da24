/**
 * The exports feature's public face: a user's data export (issue 27). A request queues the
 * `export.build` job, which writes a zip of the user's own data into the BlobStore; the owner
 * downloads it for DATA_EXPORT_TTL_DAYS, then the sweeper deletes it (docs/decisions.md).
 */
import type { AppContext } from '../../platform/context.ts';
import { buildDataExport } from './export-build.job.ts';

// For the composition root: the routes, the job and the worker's sweeper.
export { exportsRoutes } from './exports.routes.ts';
export { ExportSweeper } from './export-sweeper.ts';

/** The exports job: building one archive. */
export function registerExportJobs(ctx: AppContext): void {
  ctx.jobs.register('export.build', (payload, attempt) => buildDataExport(ctx, payload, attempt));
}
