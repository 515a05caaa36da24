import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { outbox } from '../../db/schema/index.ts';
import type { DbOrTx } from '../db/database.ts';
import { namedStatement } from '../db/prepared.ts';
import type { JobName, JobPayloads } from '../queue/job-runner.ts';
import type { OutboxEffect, OutboxRow } from './outbox-effect.ts';

const claimedColumns = {
  id: outbox.id,
  kind: outbox.kind,
  name: outbox.name,
  payload: outbox.payload,
  options: outbox.options,
  attempts: outbox.attempts,
};

/**
 * Writes effects in the caller's transaction. With `claimSeconds` they are written already
 * claimed (one attempt) by the relay that will deliver them after commit, so no other relay
 * takes them unless that one dies; without, they are due at once for whichever relay runs.
 */
export async function insertOutboxEffects(
  db: DbOrTx,
  effects: OutboxEffect[],
  claimSeconds?: number,
): Promise<OutboxRow[]> {
  if (effects.length === 0) return [];
  const claim =
    claimSeconds === undefined
      ? {}
      : { availableAt: sql`now() + make_interval(secs => ${claimSeconds})`, attempts: 1 };
  const rows = await db
    .insert(outbox)
    .values(effects.map((effect) => ({ ...effect, ...claim })))
    .returning(claimedColumns);
  return rows as OutboxRow[];
}

/** Makes every claimed row due now: for a single-process database at start-up. */
export async function releaseOutboxClaims(db: DbOrTx): Promise<void> {
  await db
    .update(outbox)
    .set({ availableAt: sql`now()` })
    .where(sql`${outbox.availableAt} > now()`);
}

/**
 * Claims up to `limit` due rows, oldest first, for `leaseSeconds`: they are not due again until
 * then, so another relay (or this one after a crash) takes them over only if this one never
 * finishes. SKIP LOCKED lets relays on several nodes claim disjoint rows without waiting.
 * One statement, no transaction left open while delivering (PGlite has a single connection,
 * which pg-boss needs for the delivery itself).
 */
export async function claimDueOutboxRows(
  db: DbOrTx,
  limit: number,
  leaseSeconds: number,
): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(lte(outbox.availableAt, sql`now()`))
    .orderBy(asc(outbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(outbox)
    .set({
      availableAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
      attempts: sql`${outbox.attempts} + 1`,
    })
    .where(inArray(outbox.id, due))
    .returning(claimedColumns);
  return (rows as OutboxRow[]).sort((a, b) => a.id - b.id);
}

// One statement text for any number of rows (an `in (...)` list would be new SQL per count).
const deleteRowsStatement = namedStatement(
  'outbox_delete_rows',
  sql`delete from outbox where id = any(${sql.placeholder('ids')}::bigint[])`,
);

export async function deleteOutboxRows(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await deleteRowsStatement(db, { ids });
}

/** A failed delivery: the row comes due again after `delaySeconds`, with the reason kept. */
export async function postponeOutboxRow(
  db: DbOrTx,
  id: number,
  delaySeconds: number,
  error: string,
): Promise<void> {
  await db
    .update(outbox)
    .set({ availableAt: sql`now() + make_interval(secs => ${delaySeconds})`, lastError: error })
    .where(eq(outbox.id, id));
}

/** Whether a job `name` whose payload contains `match` is committed but not yet handed over. */
export async function hasUndeliveredJob<N extends JobName>(
  db: DbOrTx,
  name: N,
  match: Partial<JobPayloads[N]>,
): Promise<boolean> {
  const [row] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, 'job'),
        eq(outbox.name, name),
        sql`${outbox.payload} @> ${JSON.stringify(match)}::jsonb`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
