import type { Db, Tx } from './database.ts';

/** Work to run only once the transaction has committed (realtime events, jobs). */
export type Effect = () => Promise<void> | void;

export interface EffectQueue {
  afterCommit(effect: Effect): void;
}

/**
 * Runs `work` in one transaction and, only if it commits, the effects it queued, in order.
 * An effect that fails is logged, never turned into a failed request: the write already stands.
 */
export async function inTransaction<T>(
  db: Db,
  work: (tx: Tx, effects: EffectQueue) => Promise<T>,
  onEffectError: (error: unknown) => void = (error) =>
    console.error('after-commit effect failed', error),
): Promise<T> {
  const queued: Effect[] = [];
  const result = await db.transaction((tx) =>
    work(tx, { afterCommit: (effect) => queued.push(effect) }),
  );
  for (const effect of queued) {
    try {
      await effect();
    } catch (error) {
      onEffectError(error);
    }
  }
  return result;
}
