import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database.ts';
import type { JobName, JobPayloads } from './job-runner.ts';

/** pg-boss job states; `created`, `retry` and `active` mean the job will still run. */
export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export const LIVE_JOB_STATES: readonly JobState[] = ['created', 'retry', 'active'];

/**
 * The states of every job `name` whose payload contains `match`, as pg-boss still holds them
 * (it deletes finished jobs after its retention, days later). Read through drizzle so it can
 * run inside the caller's transaction; pg-boss's own `findJobs` would need a second connection,
 * and PGlite has only one.
 */
export async function jobStatesOf<N extends JobName>(
  db: DbOrTx,
  name: N,
  match: Partial<JobPayloads[N]>,
): Promise<JobState[]> {
  const result = await db.execute<{ state: JobState }>(
    sql`select state from pgboss.job where name = ${name} and data @> ${JSON.stringify(match)}::jsonb`,
  );
  return result.rows.map((row) => row.state);
}
