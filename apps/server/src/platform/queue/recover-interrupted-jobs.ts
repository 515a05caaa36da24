import type { PgBoss } from 'pg-boss';
import type { Database } from '../db/database.ts';

/**
 * Embedded mode only (PGlite, one process per database): a job still `active` when the runner
 * starts was claimed by a process that died. Failing it through pg-boss (not a raw state reset)
 * keeps the retry policy: it comes back after the backoff delay, and a job that keeps killing
 * the process stops once its retries are used up. pg-boss has no "list active jobs" call, so
 * the ids come from its job table.
 */
export async function failJobsLeftActive(
  database: Database,
  boss: PgBoss,
  log: { warn(obj: unknown, msg?: string): void },
): Promise<number> {
  const { rows } = await database.executeSql<{ name: string; id: string }>(
    "select name, id from pgboss.job where state = 'active'",
  );
  const idsByQueue = new Map<string, string[]>();
  for (const { name, id } of rows) idsByQueue.set(name, [...(idsByQueue.get(name) ?? []), id]);
  for (const [name, ids] of idsByQueue) {
    log.warn({ job: name, jobIds: ids }, 'retrying jobs interrupted by a previous crash');
    await boss.fail(name, ids, { message: 'interrupted: the process stopped while the job ran' });
  }
  return rows.length;
}
