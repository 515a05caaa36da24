import { fromPglite, PgBoss, type QueueOptions, type WorkOptions } from 'pg-boss';
import type { Database } from '../db/database.ts';
import type {
  EnqueueOptions,
  JobAttempt,
  JobHandler,
  JobPayloads,
  JobRunner,
  PayloadMap,
} from './job-runner.ts';
import { failJobsLeftActive } from './recover-interrupted-jobs.ts';

interface Logger {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

export interface PgBossJobRunnerOptions {
  runWorkers: boolean;
  log: Logger;
  pollingIntervalSeconds?: number;
  /** Replaces parts of the production queue policy; tests shorten retry delays and heartbeats. */
  queueOptions?: QueueOptions;
  /** How often pg-boss fails expired or silent jobs (pg-boss default 60 s); tests shorten it. */
  superviseIntervalSeconds?: number;
}

/** Retries with exponential backoff (2-4 s, 4-8 s ... capped at 5 min); after 5 the job fails. */
export const RETRY_POLICY = {
  retryLimit: 5,
  retryDelay: 2,
  retryBackoff: true,
  retryDelayMax: 300,
  // Bounds a handler that hangs while its process lives. A crashed process is handled below.
  expireInSeconds: 15 * 60,
} as const satisfies QueueOptions;

/**
 * How a job left active by a crashed process comes back (instead of after expireInSeconds):
 * - PGlite: only one process can hold the database (the data-dir lock), so any job still active
 *   when the runner starts belonged to a dead process; `start()` fails it at once and the retry
 *   policy (limit and backoff) takes it from there.
 * - PostgreSQL: many workers share the database and an active job may belong to a live one, so
 *   start-up cannot touch it. Instead each worker touches its jobs every heartbeat/2 (pg-boss
 *   does this inside `work()`), and pg-boss's supervisor, on any live node, fails a job whose
 *   heartbeat is older than this. A dead worker's job is retried within about 30 s plus the
 *   supervise interval.
 */
export const POSTGRES_HEARTBEAT_SECONDS = 30;

/**
 * Whether a stored queue already has every setting of `policy` (an unset one reads as null).
 * A setting the stored queue does not report counts as changed, so it is written.
 */
function policyMatches(stored: object, policy: Record<string, unknown>): boolean {
  const values = stored as Record<string, unknown>;
  return Object.entries(policy).every(
    ([key, value]) => key in values && (values[key] ?? null) === (value ?? null),
  );
}

/**
 * pg-boss on the application's own database: PGlite through its adapter in the embedded
 * default, a pool of its own on PostgreSQL. Generic over the job map so tests can use their own
 * names; the application uses `JobPayloads`.
 */
export class PgBossJobRunner<P extends PayloadMap<P> = JobPayloads> implements JobRunner<P> {
  private readonly boss: PgBoss;
  private readonly handlers = new Map<
    string,
    (payload: object, attempt: JobAttempt) => Promise<void>
  >();
  private readonly queueOptions: QueueOptions;
  private started = false;

  constructor(
    private readonly database: Database,
    private readonly options: PgBossJobRunnerOptions,
  ) {
    const backend = database.jobsBackend;
    // pg-boss asserts on a key that is present but undefined, so it is only set when given.
    const supervision =
      options.superviseIntervalSeconds === undefined
        ? {}
        : {
            superviseIntervalSeconds: options.superviseIntervalSeconds,
            monitorIntervalSeconds: options.superviseIntervalSeconds,
          };
    this.boss =
      backend.kind === 'pglite'
        ? new PgBoss({
            db: fromPglite(backend.client),
            backend: 'pglite',
            schedule: false,
            useListenNotify: true,
            ...supervision,
          })
        : new PgBoss({
            connectionString: backend.connectionString,
            max: 4,
            schedule: false,
            useListenNotify: true,
            ...supervision,
          });
    this.boss.on('error', (error) => options.log.error({ err: error }, 'job runner error'));
    const policy: QueueOptions = {
      ...RETRY_POLICY,
      ...(backend.kind === 'postgres' ? { heartbeatSeconds: POSTGRES_HEARTBEAT_SECONDS } : {}),
      ...options.queueOptions,
    };
    // pg-boss refuses a maximum retry delay without backoff (tests turn backoff off).
    if (!policy.retryBackoff) delete policy.retryDelayMax;
    this.queueOptions = policy;
  }

  register<N extends keyof P & string>(name: N, handler: JobHandler<P, N>): void {
    // Workers are started in start(); a handler added later would silently never run.
    if (this.started)
      throw new Error(`job runner already started; register ${name} before start()`);
    this.handlers.set(name, handler as (payload: object, attempt: JobAttempt) => Promise<void>);
  }

  async start(): Promise<void> {
    await this.boss.start();
    // notify: queueing a job NOTIFYs the workers (useListenNotify), so they start it at once.
    const policy = {
      ...this.queueOptions,
      notify: true,
      retryDelayMax: this.queueOptions.retryDelayMax ?? null,
      heartbeatSeconds: this.queueOptions.heartbeatSeconds ?? null,
    };
    // One read of every queue; only a missing queue is created and only a changed one updated.
    // Either drops pg-boss's cached copy, which work() then reads again, queue by queue: a
    // restart of an unchanged node (and every test server after the first) writes nothing.
    const existing = new Map((await this.boss.getQueues()).map((queue) => [queue.name, queue]));
    for (const name of this.handlers.keys()) {
      const queue = existing.get(name);
      if (!queue) await this.boss.createQueue(name, { ...this.queueOptions, notify: true });
      else if (!policyMatches(queue, policy)) await this.boss.updateQueue(name, policy);
    }
    if (this.database.kind === 'pglite') {
      await failJobsLeftActive(this.database, this.boss, this.options.log);
    }
    this.started = true;
    if (!this.options.runWorkers) return;
    for (const [name, handler] of this.handlers) {
      const workOptions = {
        // NOTIFY wakes the worker the moment a job is queued; polling is the backstop for a
        // lost listener connection and for retries coming due.
        pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2,
        notifyPollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 10,
        // retryCount and retryLimit tell the handler whether this attempt is the last.
        includeMetadata: true,
      } as const satisfies WorkOptions;
      // Filled in when work() returns; the first batch may start before that.
      const worker: { id?: string } = {};
      worker.id = await this.boss.work<object, unknown, typeof workOptions>(
        name,
        workOptions,
        async (jobs) => {
          try {
            for (const job of jobs) {
              try {
                await handler(job.data, { final: job.retryCount >= job.retryLimit });
              } catch (error) {
                // pg-boss records the failure and retries; the log says which job and why.
                this.options.log.warn({ err: error, job: name, jobId: job.id }, 'job failed');
                throw error;
              }
            }
          } finally {
            // A worker that just finished a job looks for the next one at once. Without this it
            // waits out the poll interval unless a NOTIFY happened to arrive during the job, so a
            // backlog queued in one go drains at one job per interval.
            if (worker.id !== undefined) this.boss.notifyWorker(worker.id);
          }
        },
      );
    }
  }

  async enqueue<N extends keyof P & string>(
    name: N,
    payload: P[N],
    options: EnqueueOptions = {},
  ): Promise<void> {
    if (!this.started) throw new Error(`job runner not started; cannot enqueue ${name}`);
    // pg-boss inserts with ON CONFLICT DO NOTHING, so a known id makes a repeated send a no-op.
    await this.boss.send(name, payload, {
      ...(options.priority === undefined ? {} : { priority: options.priority }),
      ...(options.id === undefined ? {} : { id: options.id }),
      ...(options.startAfter === undefined ? {} : { startAfter: options.startAfter }),
    });
  }

  /** Also waits for jobs committed to the outbox that the relay has not handed over yet. */
  async drain(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await this.database.executeSql<{ n: number }>(
        `select (select count(*)::int from pgboss.job where state in ('created', 'retry', 'active'))
              + (select count(*)::int from outbox where kind = 'job') as n`,
      );
      if ((rows[0]?.n ?? 0) === 0) return;
      if (Date.now() > deadline) throw new Error('jobs did not drain in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Safe to call more than once, and after a start() that failed half-way. */
  async stop(): Promise<void> {
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: 10_000, close: true });
  }
}
