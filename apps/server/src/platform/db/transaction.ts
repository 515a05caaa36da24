import type { OutboxEffect } from '../outbox/outbox-effect.ts';
import { insertOutboxEffects } from '../outbox/outbox.repository.ts';
import { relayFor } from '../outbox/relay-registry.ts';
import type { EnqueueOptions, JobName, JobPayloads } from '../queue/job-runner.ts';
import type { EventName, EventPayload, RoomAccessScope } from '../realtime/realtime-emitter.ts';
import type { Db, Tx } from './database.ts';

/** Best-effort work to run once the transaction has committed (removing replaced blobs). */
export type Effect = () => Promise<void> | void;

/**
 * What a transaction leaves to happen after it. `enqueue` and `emitToUser` are written to the
 * outbox inside the transaction, so they happen exactly when the write commits and survive a
 * failed delivery or a crash (platform/outbox). `afterCommit` is for effects whose loss costs
 * nothing but space.
 */
export interface EffectQueue {
  enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options?: EnqueueOptions): void;
  emitToUser<E extends EventName>(userId: number, event: E, payload: EventPayload<E>): void;
  /** One event to every socket in any of the rooms, once per socket (socket-hub `toRooms`). */
  emitToRooms<E extends EventName>(rooms: string[], event: E, payload: EventPayload<E>): void;
  /**
   * Access to rooms may have ended (a block, an unfollow, a subscription that ended): once this
   * commits, the sockets in scope leave every room their user may no longer be in, on every
   * node (platform/realtime/room-access.ts). Queue it after the events the room should still get.
   */
  recheckRoomAccess(scope: RoomAccessScope): void;
  afterCommit(effect: Effect): void;
}

/**
 * Runs `work` in one transaction, with the outbox rows it queued. Once it commits, this
 * process's relay delivers them at once (so a job starts as soon as before), then the
 * `afterCommit` effects run in order. An effect that fails is logged, never turned into a
 * failed request: the write already stands, and outbox rows are retried by the relay.
 */
export async function inTransaction<T>(
  db: Db,
  work: (tx: Tx, effects: EffectQueue) => Promise<T>,
  onEffectError: (error: unknown) => void = (error) =>
    console.error('after-commit effect failed', error),
): Promise<T> {
  const queued: Effect[] = [];
  const outboxed: OutboxEffect[] = [];
  const effects: EffectQueue = {
    enqueue: (name, payload, options = {}) =>
      outboxed.push({ kind: 'job', name, payload, options }),
    emitToUser: (userId, event, payload) =>
      outboxed.push({ kind: 'realtime', name: event, payload, options: { userId } }),
    emitToRooms: (rooms, event, payload) =>
      outboxed.push({ kind: 'realtime', name: event, payload, options: { rooms } }),
    recheckRoomAccess: (scope) =>
      outboxed.push({ kind: 'rooms', name: 'recheck', payload: scope, options: {} }),
    afterCommit: (effect) => queued.push(effect),
  };
  // Rows are written claimed by this process's relay; with none, due at once for any relay.
  const relay = relayFor(db);
  const { result, rows } = await db.transaction(async (tx) => {
    const value = await work(tx, effects);
    return { result: value, rows: await insertOutboxEffects(tx, outboxed, relay?.leaseSeconds) };
  });
  if (relay && rows.length > 0) await relay.deliverClaimed(rows);
  for (const effect of queued) {
    try {
      await effect();
    } catch (error) {
      onEffectError(error);
    }
  }
  return result;
}
