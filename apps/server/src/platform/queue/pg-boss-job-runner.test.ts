import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { runFixture } from '../db/test/fixture-process.ts';
import { openScratchDatabase, type ScratchDatabase } from '../db/test/scratch-database.ts';
import { usePostgres } from '../../test/test-database.ts';
import type { PayloadMap } from './job-runner.ts';
import { crashTestQueueOptions, type CrashTestJobs } from './test/crash-test-jobs.ts';
import {
  PgBossJobRunner,
  POSTGRES_HEARTBEAT_SECONDS,
  type PgBossJobRunnerOptions,
} from './pg-boss-job-runner.ts';

/** Job names of this file only; the application's JobPayloads stays as it is. */
interface TestJobs {
  'test.echo': { text: string };
  'test.wake': { text: string };
  'test.backlog': { index: number };
  'test.flaky': { text: string };
  'test.doomed': { text: string };
  'test.policy': { text: string };
  'test.priority': { text: string };
}

const interruptedJobFixture = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'test',
  'interrupted-job.fixture.ts',
);
const log = pino({ level: 'silent' });
const fastRetries = { retryDelay: 0, retryBackoff: false };

let scratch: ScratchDatabase;
const runners: Array<{ stop(): Promise<void> }> = [];
beforeAll(async () => {
  scratch = await openScratchDatabase();
});
afterEach(async () => {
  for (const runner of runners.splice(0)) await runner.stop();
});
afterAll(async () => {
  await scratch?.close();
});

function runnerFor<P extends PayloadMap<P> = TestJobs>(
  database: Database,
  options: Partial<PgBossJobRunnerOptions> = {},
): PgBossJobRunner<P> {
  const runner = new PgBossJobRunner<P>(database, {
    runWorkers: true,
    log,
    pollingIntervalSeconds: 0.5,
    ...options,
  });
  runners.push(runner);
  return runner;
}

async function jobStates(database: Database, name: string) {
  const { rows } = await database.executeSql<{ state: string; retry_count: number }>(
    'select state, retry_count from pgboss.job where name = $1',
    [name],
  );
  return rows;
}

describe('PgBossJobRunner', () => {
  it('refuses to enqueue before start', async () => {
    const runner = runnerFor(scratch.database);
    await expect(runner.enqueue('test.echo', { text: 'too early' })).rejects.toThrow(/not started/);
  });

  it('starts a queued job at once, without waiting out the polling interval', async () => {
    // A long poll: only the NOTIFY wake-up can start the job quickly.
    const runner = runnerFor(scratch.database, { pollingIntervalSeconds: 30 });
    let startedAt = 0;
    runner.register('test.wake', async () => {
      startedAt = Date.now();
    });
    await runner.start();
    // Let the worker's first (empty) fetch pass so it is waiting in its poll delay.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const queuedAt = Date.now();
    await runner.enqueue('test.wake', { text: 'now' });
    await runner.drain(10_000);
    expect(startedAt - queuedAt).toBeLessThan(5_000);
  });

  it('works through a backlog queued in one go without waiting between jobs', async () => {
    // Only the first job's NOTIFY reaches an idle worker; the rest must not wait for a poll.
    const runner = runnerFor(scratch.database, { pollingIntervalSeconds: 30 });
    const done: number[] = [];
    runner.register('test.backlog', async ({ index }) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      done.push(index);
    });
    await runner.start();
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (let index = 0; index < 4; index++) await runner.enqueue('test.backlog', { index });
    await runner.drain(10_000);
    expect(done.sort()).toEqual([0, 1, 2, 3]);
  });

  it('hands the payload to the registered handler, and drain waits for it', async () => {
    const runner = runnerFor(scratch.database);
    const received: unknown[] = [];
    runner.register('test.echo', async (payload) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      received.push(payload);
    });
    await runner.start();
    await runner.enqueue('test.echo', { text: 'hello' });
    await runner.drain(15_000);
    expect(received).toEqual([{ text: 'hello' }]);
    expect(await jobStates(scratch.database, 'test.echo')).toEqual([
      { state: 'completed', retry_count: 0 },
    ]);
  });

  it('retries a handler that throws, until it succeeds', async () => {
    const runner = runnerFor(scratch.database, { queueOptions: fastRetries });
    let attempts = 0;
    runner.register('test.flaky', async () => {
      attempts += 1;
      if (attempts <= 2) throw new Error(`attempt ${attempts} failed`);
    });
    await runner.start();
    await runner.enqueue('test.flaky', { text: 'eventually' });
    await runner.drain(20_000);
    expect(attempts).toBe(3);
    expect(await jobStates(scratch.database, 'test.flaky')).toEqual([
      { state: 'completed', retry_count: 2 },
    ]);
  });

  it('gives up after the retry limit, telling the handler which attempt is final', async () => {
    const runner = runnerFor(scratch.database, { queueOptions: { ...fastRetries, retryLimit: 1 } });
    const finalFlags: boolean[] = [];
    runner.register('test.doomed', async (_payload, attempt) => {
      finalFlags.push(attempt.final);
      throw new Error('always fails');
    });
    await runner.start();
    await runner.enqueue('test.doomed', { text: 'never' });
    await runner.drain(20_000);
    // drain does not wait for a failed job.
    expect(finalFlags).toEqual([false, true]);
    expect(await jobStates(scratch.database, 'test.doomed')).toEqual([
      { state: 'failed', retry_count: 1 },
    ]);
  });

  it('fetches a higher-priority job before older lower-priority ones', async () => {
    const runner = runnerFor(scratch.database);
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    runner.register('test.priority', async ({ text }) => {
      order.push(text);
      if (text === 'running') await gate;
    });
    await runner.start();
    await runner.enqueue('test.priority', { text: 'running' });
    await expect.poll(() => [...order], { timeout: 10_000 }).toEqual(['running']);
    // A backlog (the demo seed) below the default priority, then a user's job.
    await runner.enqueue('test.priority', { text: 'backlog 1' }, { priority: -10 });
    await runner.enqueue('test.priority', { text: 'backlog 2' }, { priority: -10 });
    await runner.enqueue('test.priority', { text: 'user' });
    release();
    await runner.drain(15_000);
    expect(order).toEqual(['running', 'user', 'backlog 1', 'backlog 2']);
  });

  it('refuses a handler registered after start, which would never run', async () => {
    const runner = runnerFor(scratch.database);
    await runner.start();
    expect(() => runner.register('test.echo', async () => undefined)).toThrow(/before start/);
  });

  it('brings an existing queue up to the production policy (5 retries with backoff, heartbeat on PostgreSQL)', async () => {
    const old = runnerFor(scratch.database, {
      queueOptions: { retryLimit: 1, retryBackoff: false },
    });
    old.register('test.policy', async () => undefined);
    await old.start();
    await old.stop();
    const current = runnerFor(scratch.database);
    current.register('test.policy', async () => undefined);
    await current.start();
    const { rows } = await scratch.database.executeSql(
      'select retry_limit, retry_delay, retry_backoff, retry_delay_max, expire_seconds, heartbeat_seconds from pgboss.queue where name = $1',
      ['test.policy'],
    );
    expect(rows).toEqual([
      {
        retry_limit: 5,
        retry_delay: 2,
        retry_backoff: true,
        retry_delay_max: 300,
        expire_seconds: 900,
        heartbeat_seconds: scratch.database.kind === 'postgres' ? POSTGRES_HEARTBEAT_SECONDS : null,
      },
    ]);
  });
});

describe('a job interrupted by a crash', () => {
  const label = 'left active by a crash';

  /** A runner as a restarted process builds it, with a handler that now works. */
  async function restartedRunner(database: Database) {
    const restarted = runnerFor<CrashTestJobs>(database, {
      queueOptions: crashTestQueueOptions(database.kind),
      superviseIntervalSeconds: 1,
    });
    const received: unknown[] = [];
    restarted.register('test.interrupted', async (payload) => {
      received.push(payload);
    });
    await restarted.start();
    return { restarted, received };
  }

  // PGlite: one process per database, so the restarted runner retries it at once on start.
  // (database.test.ts shows a PGlite directory itself survives the process being killed.)
  it.skipIf(usePostgres())('PGlite: runs again when the runner starts after a crash', async () => {
    const crashed = runnerFor<CrashTestJobs>(scratch.database, {
      queueOptions: crashTestQueueOptions('pglite'),
    });
    let releaseStuckHandler = () => undefined as void;
    const running = new Promise<void>((isRunning) => {
      crashed.register('test.interrupted', async () => {
        isRunning();
        await new Promise<void>((release) => (releaseStuckHandler = release));
      });
    });
    await crashed.start();
    await crashed.enqueue('test.interrupted', { label });
    await running;
    // The crashed runner is never stopped: a graceful stop would hand the job back by itself.
    try {
      const { restarted, received } = await restartedRunner(scratch.database);
      await restarted.drain(20_000);
      expect(received).toEqual([{ label }]);
      expect(await jobStates(scratch.database, 'test.interrupted')).toEqual([
        { state: 'completed', retry_count: 1 },
      ]);
    } finally {
      releaseStuckHandler();
    }
  });

  // PostgreSQL: start-up cannot tell a dead worker's job from a live one's; the dead worker's
  // heartbeat stops and a live node's supervisor retries it (10 s here, 30 s in production).
  it.runIf(usePostgres())(
    'PostgreSQL: runs again on a live node once the killed worker stops its heartbeat',
    async () => {
      const worker = runFixture(interruptedJobFixture, [], { DATABASE_URL: scratch.databaseUrl });
      try {
        await worker.waitFor('running', 45_000);
      } finally {
        worker.process.kill('SIGKILL');
        await worker.exited;
      }
      const { restarted, received } = await restartedRunner(scratch.database);
      await restarted.drain(45_000);
      expect(received).toEqual([{ label }]);
      expect(await jobStates(scratch.database, 'test.interrupted')).toEqual([
        { state: 'completed', retry_count: 1 },
      ]);
    },
    90_000,
  );
});
