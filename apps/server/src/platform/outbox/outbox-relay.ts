import type { Db } from '../db/database.ts';
import type { EnqueueOptions, JobName } from '../queue/job-runner.ts';
import type { EventName } from '../realtime/realtime-emitter.ts';
import type { OutboxRow } from './outbox-effect.ts';
import { outboxJobId } from './outbox-job-id.ts';
import { claimDueOutboxRows, deleteOutboxRows, postponeOutboxRow } from './outbox.repository.ts';
import { forgetRelay, registerRelay } from './relay-registry.ts';

/** Where the relay hands effects over; read at delivery time, so tests can swap them. */
export interface OutboxTargets {
  enqueue(name: JobName, payload: object, options: EnqueueOptions): Promise<void>;
  toUser(userId: number, event: EventName, payload: object): void;
}

export interface OutboxRelayOptions {
  log: { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
  /** Backstop pass for rows a crash or a failed delivery left behind (default 5 s). */
  intervalMs?: number;
  /** How long a claimed row is left to its relay before another may take it (default 60 s). */
  leaseSeconds?: number;
  batchSize?: number;
}

/** 1, 2, 4 ... seconds after each failed attempt, at most a minute. Rows are never dropped. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1), 60);
}

/**
 * Delivers outbox rows: jobs to pg-boss under an id derived from the row (so a repeat is a
 * no-op), realtime events to the emitter (at least once; clients backfill and ignore repeats),
 * then deletes them. Runs when a transaction that wrote rows commits, at start-up, on a timer,
 * and when a failed row comes due. One pass at a time per process; across nodes the claim
 * (SKIP LOCKED plus a lease) keeps relays apart.
 */
export class OutboxRelay {
  private active: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly targets: OutboxTargets,
    private readonly options: OutboxRelayOptions,
  ) {}

  /** Serves `inTransaction` on this database and delivers what earlier processes left. */
  start(): Promise<void> {
    this.stopped = false;
    registerRelay(this.db, this);
    this.timer = setInterval(() => void this.deliverNow(), this.options.intervalMs ?? 5_000);
    this.timer.unref();
    return this.deliverNow();
  }

  /** Stops the timers and waits for a pass under way; undelivered rows stay for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    forgetRelay(this.db, this);
    clearInterval(this.timer);
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    await this.queued;
    await this.active;
  }

  /**
   * Resolves once a pass that began after this call has finished, so a caller's committed rows
   * have been tried. Never rejects: a failed delivery is logged and retried later.
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
        const rows = await claimDueOutboxRows(this.db, batchSize, this.options.leaseSeconds ?? 60);
        const delivered: number[] = [];
        for (const row of rows) {
          if (await this.deliver(row)) delivered.push(row.id);
        }
        await deleteOutboxRows(this.db, delivered);
        if (rows.length < batchSize) return;
      }
    } catch (error) {
      // The database itself failed; claimed rows come due again when their lease ends.
      this.options.log.error({ err: error }, 'outbox relay pass failed');
    }
  }

  private async deliver(row: OutboxRow): Promise<boolean> {
    try {
      if (row.kind === 'job') {
        await this.targets.enqueue(row.name, row.payload, {
          ...row.options,
          id: outboxJobId(row.id),
        });
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
