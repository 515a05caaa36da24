/**
 * Ledger throughput on PostgreSQL (issue 10).
 *
 * 1. Uniform: WORKERS concurrent payers each tipping creators in turn through the ledger service
 *    (`transfer` in `inTransaction`), against a bare SQL script doing the same double-entry
 *    writes on the same database (claim the transfer, lock the accounts in id order, move the
 *    balances, write the entries) with the account ids known up front. Target >= 0.7x.
 * 2. Hot creator: WORKERS payers all tipping ONE creator through the service, against the
 *    uniform rate. Target >= 1.0x: the creator's pending earnings (and platform revenue) are
 *    sharded by payer, so concurrent credits do not queue on one row lock. For contrast the
 *    bare script also runs the hot case against one unsharded row.
 *
 * Run: npx tsx bench/ledger/ledger.bench.ts  (npm run bench:ledger -w bench)
 * BENCH_DATABASE_URL or TEST_DATABASE_URL: an admin URL (default postgres://postgres@127.0.0.1:5432/postgres).
 * Knobs: BENCH_SECONDS (8 per measurement), BENCH_ROUNDS (3), BENCH_WORKERS (16).
 */
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/platform/db/database.ts';
import { inTransaction } from '../../apps/server/src/platform/db/transaction.ts';
import { ensureReferenceData } from '../../apps/server/src/features/reference/reference.service.ts';
import {
  purchaseLegs,
  topUpLegs,
} from '../../apps/server/src/features/money/ledger/ledger-rules.ts';
import { transfer } from '../../apps/server/src/features/money/ledger/ledger.service.ts';
import { fmt, median, verdict } from '../stories/measure.ts';
import { dropBenchDatabase, recreateBenchDatabase } from '../support/bench-database.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 16);
const CREATORS = 64;
const PRICE_CENTS = 100;
const FEE_PERCENT = 20;
const CURRENCY = 'USD';
const dbName = 'glimpse_bench_ledger';

/** Runs `work(worker, i)` in WORKERS loops for SECONDS; transfers per second. */
async function rate(work: (worker: number, i: number) => Promise<void>): Promise<number> {
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => {
      for (let i = 0; performance.now() < deadline; i += 1) {
        await work(worker, i);
        done += 1;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

async function insertUsers(database: Database, count: number): Promise<number[]> {
  const { rows } = await database.executeSql<{ id: number }>(
    `insert into users (slug, name, email, password_hash, birthdate, sex, country_code)
     select 'bench-' || n || '-' || $2, 'Bench', 'bench-' || n || '-' || $2 || '@example.com',
       'x', '1990-01-01', 'female', 'de'
     from generate_series(1, $1::int) n returning id`,
    [count, Date.now()],
  );
  return rows.map((row) => Number(row.id));
}

let run = 0;
/** One tip through the ledger service: what every paying route does inside its transaction. */
const serviceTip = (database: Database, payer: number, creator: number) =>
  inTransaction(database.db, (tx) =>
    transfer(
      { db: tx, config: { currency: CURRENCY } },
      {
        kind: 'tip',
        initiatorId: payer,
        idempotencyKey: `bench-${run}-${payer}-${performance.now()}-${Math.random()}`,
        legs: purchaseLegs(payer, creator, PRICE_CENTS, FEE_PERCENT),
        memo: { payerId: payer, creatorId: creator },
      },
    ),
  ).then(() => undefined);

/**
 * The same double-entry writes by hand, as a careful engineer would write them without the
 * ledger: account ids known, one statement per step.
 */
async function bareTip(
  pool: pg.Pool,
  payer: number,
  legs: Array<{ accountId: number; amountCents: number }>,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ id: string }>(
      `insert into ledger_transfers (kind, initiator_id, idempotency_key, fingerprint, memo)
       values ('tip', $1, $2, 'bare', '{}') returning id`,
      [payer, `bare-${run}-${payer}-${performance.now()}-${Math.random()}`],
    );
    const ids = legs.map((leg) => leg.accountId);
    await client.query(
      'select id from ledger_accounts where id = any($1::int[]) order by id for no key update',
      [ids],
    );
    await client.query(
      `update ledger_accounts a set balance_cents = a.balance_cents + l.amount
       from unnest($1::int[], $2::bigint[]) l(id, amount) where a.id = l.id`,
      [ids, legs.map((leg) => leg.amountCents)],
    );
    await client.query(
      `insert into ledger_entries (transfer_id, account_id, amount_cents)
       select $1, id, amount from unnest($2::int[], $3::bigint[]) l(id, amount)`,
      [rows[0]!.id, ids, legs.map((leg) => leg.amountCents)],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/** The account ids a payer's tip to a creator touches (the rows the service uses). */
async function legsOf(pool: pg.Pool, payer: number, creator: number, shard: number) {
  const { rows } = await pool.query<{ id: number; kind: string }>(
    `select id, kind from ledger_accounts
     where (kind = 'wallet' and owner_id = $1) or (kind = 'earnings_pending' and owner_id = $2 and shard = $3)
       or (kind = 'platform_revenue' and shard = $3)`,
    [payer, creator, shard],
  );
  const id = (kind: string) => rows.find((row) => row.kind === kind)!.id;
  return [
    { accountId: id('wallet'), amountCents: -PRICE_CENTS },
    { accountId: id('earnings_pending'), amountCents: PRICE_CENTS - PRICE_CENTS * 0.2 },
    { accountId: id('platform_revenue'), amountCents: PRICE_CENTS * 0.2 },
  ];
}

async function main(): Promise<void> {
  console.log(
    `${cpus().length} cores, load average ${loadavg()
      .map((v) => fmt(v, 1))
      .join(' ')} at start`,
  );
  const url = new URL(await recreateBenchDatabase(dbName));
  const database = await openDatabase({ databaseUrl: url.toString() });
  const pool = new pg.Pool({
    connectionString: url.toString(),
    max: 10,
    options: '-c jit=off -c max_parallel_workers_per_gather=0',
  });
  try {
    await ensureReferenceData({ db: database.db });
    const payers = await insertUsers(database, WORKERS);
    const creators = await insertUsers(database, CREATORS);
    // Wallets deep enough for any run; a top-up leg is at most PAYMENT_MAX_CENTS.
    for (const payer of payers)
      for (let i = 0; i < 20; i += 1)
        await inTransaction(database.db, (tx) =>
          transfer(
            { db: tx, config: { currency: CURRENCY } },
            {
              kind: 'top_up',
              initiatorId: null,
              idempotencyKey: `fund-${payer}-${i}`,
              legs: topUpLegs(payer, 1_000_000),
            },
          ),
        );
    const hotCreator = creators[0]!;
    // Open every account the runs touch (every shard), then warm both paths up.
    await database.executeSql(
      `insert into ledger_accounts (kind, owner_id, currency, shard)
       select 'earnings_pending', c, $2, s from unnest($1::int[]) c, generate_series(0, 15) s
       union all select 'platform_revenue', null, $2, s from generate_series(0, 15) s
       on conflict do nothing`,
      [creators, CURRENCY],
    );
    for (const payer of payers) await serviceTip(database, payer, hotCreator);
    const bareLegs = await Promise.all(
      payers.map((payer) =>
        Promise.all(creators.map((creator) => legsOf(pool, payer, creator, payer % 16))),
      ),
    );
    // Every payer crediting the same shard-0 rows: the hot creator without sharding.
    const unshardedHot = await Promise.all(
      payers.map((payer) => legsOf(pool, payer, hotCreator, 0)),
    );

    const uniformTip = (worker: number, i: number) =>
      serviceTip(database, payers[worker]!, creators[(worker * 7 + i) % CREATORS]!);
    const uniformBare = (worker: number, i: number) =>
      bareTip(pool, payers[worker]!, bareLegs[worker]![(worker * 7 + i) % CREATORS]!);
    const hotTip = (worker: number) => serviceTip(database, payers[worker]!, hotCreator);
    const hotBareUnsharded = (worker: number) =>
      bareTip(pool, payers[worker]!, unshardedHot[worker]!);

    for (const [worker, payer] of payers.entries())
      await bareTip(pool, payer, bareLegs[worker]![0]!);
    const series = {
      bare: [] as number[],
      uniform: [] as number[],
      hot: [] as number[],
      unsharded: [] as number[],
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      run = round;
      series.bare.push(await rate(uniformBare));
      series.uniform.push(await rate(uniformTip));
      series.hot.push(await rate(hotTip));
      series.unsharded.push(await rate(hotBareUnsharded));
    }
    const list = (values: number[]) => values.map((v) => fmt(v, 0)).join(', ');
    const m = {
      bare: median(series.bare),
      uniform: median(series.uniform),
      hot: median(series.hot),
      unsharded: median(series.unsharded),
    };
    console.log(
      `PostgreSQL, ${WORKERS} concurrent payers, ${SECONDS} s x ${ROUNDS} rounds (medians, transfers/s)`,
    );
    console.log(`  bare SQL, uniform:            ${fmt(m.bare, 0)} [${list(series.bare)}]`);
    console.log(`  ledger service, uniform:      ${fmt(m.uniform, 0)} [${list(series.uniform)}]`);
    console.log(`  ${verdict(m.uniform / m.bare, '>= 0.7x', m.uniform / m.bare >= 0.7)}`);
    console.log(`  ledger service, hot creator:  ${fmt(m.hot, 0)} [${list(series.hot)}]`);
    console.log(`  ${verdict(m.hot / m.uniform, '>= 1.0x', m.hot / m.uniform >= 1.0)}`);
    console.log(
      `  bare SQL, hot creator, one unsharded row (for contrast): ${fmt(m.unsharded, 0)} [${list(series.unsharded)}], ${fmt(m.unsharded / m.uniform)}x of uniform`,
    );
    console.log(
      `load average ${loadavg()
        .map((v) => fmt(v, 1))
        .join(' ')} at end`,
    );
  } finally {
    await pool.end();
    await database.close();
    await dropBenchDatabase(dbName);
  }
}

await main();
