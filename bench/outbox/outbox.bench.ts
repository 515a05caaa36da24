/**
 * The cost of the outbox: a write that queues a job, committed and handed to pg-boss, the old
 * way (enqueue in an after-commit effect) against the outbox (row in the transaction, relay pass
 * after commit). PGlite in memory; also PostgreSQL when BENCH_DATABASE_URL is set.
 * `npx tsx bench/outbox/outbox.bench.ts`
 */
import { loadavg, cpus } from 'node:os';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { openDatabase, type Database } from '../../apps/server/src/platform/db/database.ts';
import { inTransaction } from '../../apps/server/src/platform/db/transaction.ts';
import { OutboxRelay } from '../../apps/server/src/platform/outbox/outbox-relay.ts';
import { PgBossJobRunner } from '../../apps/server/src/platform/queue/pg-boss-job-runner.ts';
import { fmt, median, timed } from '../stories/measure.ts';

const WRITES = Number(process.env.BENCH_WRITES ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const log = pino({ level: 'silent' });

async function bench(label: string, database: Database): Promise<void> {
  const jobs = new PgBossJobRunner(database, { runWorkers: false, log });
  jobs.register('avatar.variants', async () => undefined);
  await jobs.start();
  const relay = new OutboxRelay(
    database.db,
    {
      enqueue: (name, payload, options) => jobs.enqueue(name, payload as never, options),
      toUser: () => undefined,
      toRooms: () => undefined,
      recheckRoomAccess: async () => undefined,
    },
    { log },
  );
  await relay.start();
  await database.executeSql('create table if not exists bench_probe (n int not null)');

  const afterCommit = () =>
    inTransaction(database.db, async (tx, effects) => {
      await tx.execute(sql`insert into bench_probe (n) values (1)`);
      effects.afterCommit(() => jobs.enqueue('avatar.variants', { userId: 1, sourceKey: 'a' }));
    });
  const outbox = () =>
    inTransaction(database.db, async (tx, effects) => {
      await tx.execute(sql`insert into bench_probe (n) values (2)`);
      effects.enqueue('avatar.variants', { userId: 2, sourceKey: 'b' });
    });
  const perWrite = async (write: () => Promise<void>) => {
    const { ms } = await timed(async () => {
      for (let i = 0; i < WRITES; i++) await write();
    });
    return ms / WRITES;
  };

  await perWrite(afterCommit);
  await perWrite(outbox);
  const baseline: number[] = [];
  const measured: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    baseline.push(await perWrite(afterCommit));
    measured.push(await perWrite(outbox));
  }
  const ratio = median(measured) / median(baseline);
  console.log(`${label}, ${WRITES} writes x ${ROUNDS} rounds (medians, ms per write)`);
  console.log(
    `  enqueue after commit: ${fmt(median(baseline))} [${baseline.map((v) => fmt(v)).join(', ')}]`,
  );
  console.log(
    `  outbox + relay:       ${fmt(median(measured))} [${measured.map((v) => fmt(v)).join(', ')}]`,
  );
  console.log(`  ratio ${fmt(ratio)}x`);
  await relay.stop();
  await jobs.stop();
}

console.log(
  `${cpus().length} cores, load average ${loadavg()
    .map((v) => fmt(v, 1))
    .join(' ')} at start`,
);
const pglite = await openDatabase({});
await bench('PGlite (in memory)', pglite);
await pglite.close();
if (process.env.BENCH_DATABASE_URL) {
  const postgres = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
  await bench('PostgreSQL', postgres);
  await postgres.executeSql('drop table bench_probe');
  await postgres.close();
}
