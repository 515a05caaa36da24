/**
 * Test fixture, run as a child process and then killed: a worker node on DATABASE_URL that
 * enqueues one job whose handler never finishes, and prints "running" once it is active.
 */
import { openDatabase } from '../../db/database.ts';
import { crashTestQueueOptions, type CrashTestJobs } from './crash-test-jobs.ts';
import { PgBossJobRunner } from '../pg-boss-job-runner.ts';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
const runner = new PgBossJobRunner<CrashTestJobs>(database, {
  runWorkers: true,
  log: console,
  pollingIntervalSeconds: 0.5,
  queueOptions: crashTestQueueOptions(database.kind),
});
runner.register('test.interrupted', async () => {
  process.stdout.write('running\n');
  await new Promise(() => undefined);
});
await runner.start();
await runner.enqueue('test.interrupted', { label: 'left active by a crash' });
setInterval(() => undefined, 60_000);
