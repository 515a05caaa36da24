import pg from 'pg';
import { demoSeedSteps } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db/database.ts';
import type { AppContext } from '../../platform/context.ts';

/** The seed's steps in order; each is idempotent, and its row is written once it finished. */
export type DemoSeedStep = 'started' | 'people' | 'stories' | 'chats' | 'money' | 'reports';

const LOCK_KEY = "hashtext('glimpse.demo-seed')";

/** PGlite: one process per data dir (its lock), so the only rivals are peers in this process. */
const seedingInProcess = new WeakSet<Database>();

/**
 * Runs `work` as the only seeder of this database, or answers undefined at once when another
 * node (or another call here) is seeding: that node finishes the job, and a node that finds the
 * lock taken starts without waiting. On PostgreSQL a session advisory lock on a connection of
 * its own, unlocked and closed afterwards rather than pooled, so the lock never outlives the work;
 * a node that dies mid-seed drops it with its connection, and the next start resumes.
 */
export async function withDemoSeedLock<T>(
  ctx: AppContext,
  work: () => Promise<T>,
): Promise<{ value: T } | undefined> {
  if (ctx.database.kind !== 'postgres') {
    if (seedingInProcess.has(ctx.database)) return undefined;
    seedingInProcess.add(ctx.database);
    try {
      return { value: await work() };
    } finally {
      seedingInProcess.delete(ctx.database);
    }
  }
  // drizzle's node-postgres handle keeps its pool as `$client` (the Db type leaves it out).
  const pool = (ctx.db as unknown as { $client: unknown }).$client;
  if (!(pool instanceof pg.Pool)) throw new Error('demo seed: no PostgreSQL pool to lock on');
  const holder = await pool.connect();
  let got = false;
  try {
    const { rows } = await holder.query<{ got: boolean }>(
      `select pg_try_advisory_lock(${LOCK_KEY}) as got`,
    );
    got = rows[0]?.got === true;
    if (!got) return undefined;
    return { value: await work() };
  } finally {
    // Unlocked explicitly: a closed connection's backend lets go of the lock only when it exits,
    // which may be after this node's next step asks for it. Destroyed, not returned to the pool,
    // so a failed unlock (the connection broke) still drops the lock with the session.
    if (got) await holder.query(`select pg_advisory_unlock(${LOCK_KEY})`).catch(() => undefined);
    holder.release(true);
  }
}

export async function finishedSteps(ctx: AppContext): Promise<Set<DemoSeedStep>> {
  const rows = await ctx.db.select({ step: demoSeedSteps.step }).from(demoSeedSteps);
  return new Set(rows.map((row) => row.step as DemoSeedStep));
}

export async function markStep(ctx: AppContext, step: DemoSeedStep): Promise<void> {
  await ctx.db.insert(demoSeedSteps).values({ step }).onConflictDoNothing();
}
