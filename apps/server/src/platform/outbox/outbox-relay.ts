import type { Db } from '../db/database.ts';
import type { EnqueueOptions, JobName } from '../queue/job-runner.ts';
import type { EventName, RoomAccessScope } from '../realtime/realtime-emitter.ts';
import type { OutboxRow } from './outbox-effect.ts';
import { outboxJobId } from './outbox-job-id.ts';
import {
  claimDueOutboxRows,
  deleteOutboxRows,
  postponeOutboxRow,
  releaseOutboxClaims,
} from './outbox.repository.ts';
import { forgetRelay, registerRelay } from './relay-registry.ts';

/** Where the relay hands effects over; read at delivery time, so tests can swap them. */
export interface OutboxTargets {
  enqueue(name: JobName, payload: object, options: EnqueueOptions): Promise<void>;
  toUser(userId: number, event: EventName, payload: object): void;
  toRooms(rooms: string[], event: EventName, payload: object): void;
  /** Resolves once the sockets that lost access were told to leave, on every node. */
  recheckRoomAccess(scope: RoomAccessScope): Promise<void>;
}

export interface OutboxRelayOptions {
  log: { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
  /** Backstop pass for rows a crash or a failed delivery left behind (default 5 s). */
  intervalMs?: number;
  /** How long a claimed row is left to its relay before another may take it (default 30 s). */
  leaseSeconds?: number;
  batchSize?: number;
  /**
   * Embedded mode (PGlite): only this process can use the database, so every claim found at
   * start belonged to a dead process and is released at once instead of after its lease.
   */
  releaseClaimsAtStart?: boolean;
}

/** 1, 2, 4 ... seconds after each failed attempt, at most a minute. Rows are never dropped. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1), 60);
}

/**
 * Delivers outbox rows: jobs to pg-boss under an id derived from the row (so a repeat is a
 * no-op), realtime events to the emitter (at least once; clients backfill and ignore repeats),
 * room rechecks to the hub (in row order, so an event queued before a recheck still reaches
 * the sockets it then removes), then deletes them. A transaction with a relay writes its rows already claimed for it and
 * hands them over once committed (`deliverClaimed`), so the common case costs no claim query.
 * Passes over due rows run at start-up, on a timer and when a failed row comes due: they pick
 * up what a crash or a failed delivery left. One pass at a time per process; across nodes the
 * claim (SKIP LOCKED plus a lease) keeps relays apart.
 */
export class OutboxRelay {
  private active: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  /** Rows delivered after commit, waiting for the delete in flight to finish. */
  private readonly toDelete: number[] = [];
  private deleting: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly targets: OutboxTargets,
    private readonly options: OutboxRelayOptions,
  ) {}

  get leaseSeconds(): number {
    return this.options.leaseSeconds ?? 30;
  }

  /** Serves `inTransaction` on this database and delivers what earlier processes left. */
  async start(): Promise<void> {
    if (this.options.releaseClaimsAtStart) await releaseOutboxClaims(this.db);
    this.stopped = false;
    registerRelay(this.db, this);
    this.timer = setInterval(() => void this.deliverNow(), this.options.intervalMs ?? 5_000);
    this.timer.unref();
    await this.deliverNow();
  }

  /** Stops the timers and waits for a pass under way; undelivered rows stay for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    forgetRelay(this.db, this);
    clearInterval(this.timer);
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    await Promise.all(this.inFlight);
    await this.queued;
    await this.active;
  }

  /**
   * Delivers rows a transaction just committed, already claimed for this relay, and resolves
   * once they were handed over; deleting them finishes in the background (a crash before that
   * only repeats a delivery, which is harmless). Never rejects; after a stop the rows wait for
   * their claim to lapse (or for the next start on PGlite).
   */
  async deliverClaimed(rows: OutboxRow[]): Promise<void> {
    if (this.stopped) return;
    let handedOver = () => undefined as void;
    const handed = new Promise<void>((resolve) => (handedOver = resolve));
    const work = (async () => {
      try {
        const delivered = await this.deliverEach(rows);
        handedOver();
        await this.deleteDelivered(delivered);
      } catch (error) {
        // The database failed; the rows come due again when their claim lapses.
        this.options.log.error({ err: error }, 'outbox delivery failed');
      } finally {
        handedOver();
      }
    })();
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
    await handed;
  }

  /**
   * Deletes rows delivered after their commit, many commits' at once: while one delete is in
   * flight, the rows delivered meanwhile wait and go together in the next statement, so under
   * load (every text send commits and delivers its own rows) the deletes stay one statement at a
   * time instead of one per transaction. Resolves once a delete holding `ids` has finished; a
   * failed delete is logged, and its rows come due again when their claim lapses (a repeat).
   */
  private deleteDelivered(ids: number[]): Promise<void> {
    if (ids.length === 0) return Promise.resolve();
    this.toDelete.push(...ids);
    this.deleting ??= this.deleteWaiting();
    return this.deleting;
  }

  private async deleteWaiting(): Promise<void> {
    const batchSize = this.options.batchSize ?? 100;
    while (this.toDelete.length > 0) {
      try {
        await deleteOutboxRows(this.db, this.toDelete.splice(0, batchSize * 10));
      } catch (error) {
        this.options.log.error({ err: error }, 'outbox delete failed');
      }
    }
    // Cleared in the same turn as the last empty check: a row pushed later starts a new loop.
    this.deleting = undefined;
  }

  /**
   * A pass over every due row; resolves once a pass that began after this call has finished, so
   * everything due at the call has been tried. Never rejects: failures are logged and retried.
   */
  deliverNow(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (!this.active) {
      this.active = this.pass().finally(() => (this.active = undefined));
      return this.active;
    }
    // Callers arriving during a pass share the one after it.
    this.queued ??= this.active.then(() => {
      this.queued = undefined;
      return this.deliverNow();
    });
    return this.queued;
  }

  private async pass(): Promise<void> {
    const batchSize = this.options.batchSize ?? 100;
    try {
      for (;;) {
        if (this.stopped) return;
        const rows = await claimDueOutboxRows(this.db, batchSize, this.leaseSeconds);
        await deleteOutboxRows(this.db, await this.deliverEach(rows));
        if (rows.length < batchSize) return;
      }
    } catch (error) {
      // The database itself failed; claimed rows come due again when their lease ends.
      this.options.log.error({ err: error }, 'outbox relay pass failed');
    }
  }

  /** The ids of the rows handed over; failed ones are postponed. */
  private async deliverEach(rows: OutboxRow[]): Promise<number[]> {
    const delivered: number[] = [];
    for (const row of rows) {
      if (await this.deliver(row)) delivered.push(row.id);
    }
    return delivered;
  }

  private async deliver(row: OutboxRow): Promise<boolean> {
    try {
      if (row.kind === 'job') {
        await this.targets.enqueue(row.name, row.payload, {
          ...row.options,
          id: outboxJobId(row.id),
        });
      } else if (row.kind === 'rooms') {
        await this.targets.recheckRoomAccess(row.payload);
      } else if ('rooms' in row.options) {
        this.targets.toRooms(row.options.rooms, row.name, row.payload);
      } else {
        this.targets.toUser(row.options.userId, row.name, row.payload);
      }
      return true;
    } catch (error) {
      const delay = retryDelaySeconds(row.attempts);
      this.options.log.warn(
        { err: error, outboxId: row.id, effect: row.name, attempts: row.attempts },
        'outbox delivery failed; will retry',
      );
      await postponeOutboxRow(this.db, row.id, delay, String(error));
      this.retryAfter(delay);
      return false;
    }
  }

  /** A pass when the failed row comes due, so a retry does not wait for the backstop timer. */
  private retryAfter(seconds: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      void this.deliverNow();
    }, seconds * 1000);
    timer.unref();
    this.retryTimers.add(timer);
  }
}
