// Hot paths against their SQL: `me`, a Discover page, a story group and a public profile on the
// production server bundle, against a bare Fastify + pg route running the same SQL, in one run on
// PostgreSQL; then the same four on the embedded PGlite, and the server's resident memory.
// Run: npx tsx bench/api/hot-paths.bench.ts  (BENCH_DATABASE_URL or TEST_DATABASE_URL: admin URL)
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { parseHomeFilter } from '@glimpse/contract';
import * as schema from '../../apps/server/src/db/schema/index.ts';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { ensureReferenceData } from '../../apps/server/src/features/reference/reference.service.ts';
import { generateHomeData } from '../home/generate.ts';
import type { LoadResult } from '../home/load.ts';
import { median } from '../stories/measure.ts';
import {
  benchDbName,
  dropBenchDatabase,
  recreateBenchDatabase,
} from '../support/bench-database.ts';
import { startBareServer } from './bare-server.ts';
import { buildServer, signUp, startGlimpse, type GlimpseProcess } from './glimpse-process.ts';

const USERS = Number(process.env.BENCH_USERS ?? 5_000);
const STORIES_PER_USER = Number(process.env.BENCH_STORIES_PER_USER ?? 5);
const CONCURRENCY = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LIMIT = 18;
const TARGET = 0.8;
const dbName = benchDbName('glimpse_bench_api');
const probeScript = fileURLToPath(new URL('../stories/latency-probe.ts', import.meta.url));

/** `concurrency` keep-alive clients in a separate process, so the server has its own core. */
function load(url: string, cookie: string, ms: number): Promise<LoadResult> {
  const args = ['--import', 'tsx', probeScript, url, cookie, String(CONCURRENCY), String(ms)];
  return new Promise((resolve, reject) =>
    execFile(process.execPath, args, (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout) as LoadResult),
    ),
  );
}

interface Measured extends LoadResult {
  /** Server CPU time per request: unlike req/s, barely moved by other load on the machine. */
  cpuMsPerRequest: number;
}

async function measure(url: string, cookie: string, cpuMs: () => number): Promise<Measured> {
  await load(url, cookie, 1000);
  const before = cpuMs();
  const result = await load(url, cookie, SECONDS * 1000);
  return { ...result, cpuMsPerRequest: (cpuMs() - before) / result.requests };
}

/** The bench process's own CPU (where the bare baseline serves), in ms. */
const ownCpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** The bench's viewer follows every 50th creator and has watched every 10th story. */
const VIEWER_SQL = [
  `insert into follows (follower_id, creator_id) select $1, id from users where email like '%@bench.glimpse' and id % 50 = 0`,
  `insert into story_watches (user_id, story_id) select $1, id from stories where id % 10 = 0 on conflict do nothing`,
];
const CREATOR_SQL = `select id, slug from users where email like '%@bench.glimpse' and story_count > 0 and id % 50 = 0 order by id limit 1`;

// A typical filter: an age band, one sex, a handful of countries (as the Discover bench).
const COUNTRIES_SQL = `select id from countries where code in ('us','de','fr','br','jp','in','ng','gb')`;
const filterOf = (countries: number[]) => ({
  query: `age_min=21&age_max=45&genders[]=female&${countries.map((c) => `countries[]=${c}`).join('&')}&limit=${LIMIT}&page=1`,
  filter: parseHomeFilter({
    age_min: 21,
    age_max: 45,
    'genders[]': ['female'],
    'countries[]': countries,
  }),
});

interface Paths {
  me: string;
  discover: string;
  group: string;
  profile: string;
}
type Name = keyof Paths;
// BENCH_ONLY=me,profile: a subset.
const NAMES = (['me', 'discover', 'group', 'profile'] as Name[]).filter(
  (name) => !process.env.BENCH_ONLY || process.env.BENCH_ONLY.split(',').includes(name),
);

function glimpsePaths(
  base: string,
  creator: { id: number; slug: string },
  discoverQuery: string,
): Paths {
  return {
    me: `${base}/api/auth/me`,
    discover: `${base}/api/home/stories/discover?${discoverQuery}`,
    group: `${base}/api/users/${creator.id}/stories`,
    profile: `${base}/api/users/slug/${creator.slug}`,
  };
}

const rate = (r: LoadResult) => `${r.perSecond.toFixed(0).padStart(5)} req/s`;
const cpu = (results: Measured[]) =>
  `${median(results.map((r) => r.cpuMsPerRequest)).toFixed(2)} ms CPU/req`;
const lat = (r: LoadResult) => `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`;
const mb = (value: number) => `${value.toFixed(0)} MB`;

/** One answer of each side: what the server writes beyond the bare route (headers, body). */
async function compareAnswers(name: Name, bareUrl: string, ourUrl: string, cookie: string) {
  const answer = async (url: string) => {
    const response = await fetch(url, { headers: { cookie, origin: new URL(url).origin } });
    const body = await response.text();
    let headerBytes = 0;
    response.headers.forEach((value, key) => (headerBytes += key.length + value.length + 4));
    return { body: body.length, headerBytes, headers: [...response.headers.keys()].length };
  };
  const [b, o] = [await answer(bareUrl), await answer(ourUrl)];
  console.log(
    `${name.padEnd(8)} answer: bare ${b.body} B body + ${b.headers} headers (${b.headerBytes} B) | glimpse ${o.body} B body + ${o.headers} headers (${o.headerBytes} B)`,
  );
}

async function postgresPart(): Promise<Record<Name, { bare: Measured[]; ours: Measured[] }>> {
  const url = new URL(await recreateBenchDatabase(dbName));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'glimpse-bench-api-'));
  let glimpse: GlimpseProcess | undefined;
  const pool = new pg.Pool({
    connectionString: url.toString(),
    max: 10,
    options: '-c jit=off -c max_parallel_workers_per_gather=0',
  });
  // The throwaway database is dropped with force at the end: its idle connections then error.
  pool.on('error', () => undefined);
  try {
    glimpse = await startGlimpse({ DATABASE_URL: url.toString(), DATA_DIR: dataDir });
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await generateHomeData(client, { users: USERS, storiesPerUser: STORIES_PER_USER });
    const viewer = await signUp(glimpse.url, 'viewer@bench.example');
    for (const text of VIEWER_SQL) await client.query(text, [viewer.id]);
    await client.query('analyze');
    const creator = (await client.query<{ id: number; slug: string }>(CREATOR_SQL)).rows[0]!;
    const { query, filter } = filterOf(
      (await client.query<{ id: number }>(COUNTRIES_SQL)).rows.map((r) => r.id),
    );
    await client.end();

    const bare = await startBareServer(pool, drizzle(pool, { schema }), { filter, limit: LIMIT });
    const ours = glimpsePaths(glimpse.url, creator, query);
    const theirs: Paths = {
      me: `${bare.url}/me`,
      discover: `${bare.url}/discover?page=1`,
      group: `${bare.url}/group/${creator.id}`,
      profile: `${bare.url}/profile/${creator.slug}`,
    };
    console.log(`PostgreSQL: glimpse idle after start ${mb(glimpse.rssMb())} resident`);
    for (const name of NAMES) await compareAnswers(name, theirs[name], ours[name], viewer.cookie);
    const results = {} as Record<Name, { bare: Measured[]; ours: Measured[] }>;
    for (const name of NAMES) {
      results[name] = { bare: [], ours: [] };
      for (let round = 0; round < ROUNDS; round++) {
        results[name].bare.push(await measure(theirs[name], viewer.cookie, ownCpuMs));
        results[name].ours.push(await measure(ours[name], viewer.cookie, glimpse.cpuMs));
      }
    }
    console.log(`PostgreSQL: glimpse after the load ${mb(glimpse.rssMb())} resident`);
    await bare.app.close();
    return results;
  } finally {
    await glimpse?.stop();
    await pool.end();
    rmSync(dataDir, { recursive: true, force: true });
    await dropBenchDatabase(dbName);
  }
}

async function pglitePart(): Promise<Record<Name, Measured[]>> {
  // A first start on an empty data directory, as a new self-hoster sees it.
  const emptyDir = mkdtempSync(path.join(tmpdir(), 'glimpse-bench-api-'));
  const fresh = await startGlimpse({ DATA_DIR: emptyDir });
  await new Promise((resolve) => setTimeout(resolve, 3000));
  console.log(`PGlite: first start on an empty data dir, idle: ${mb(fresh.rssMb())} resident`);
  await fresh.stop();
  rmSync(emptyDir, { recursive: true, force: true });

  // The same data, written before the server starts (one process per PGlite directory).
  const dataDir = mkdtempSync(path.join(tmpdir(), 'glimpse-bench-api-'));
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  await ensureReferenceData(database);
  const client = {
    query: (text: string, values?: unknown[]) => database.executeSql(text, values),
  } as unknown as pg.Client;
  await generateHomeData(client, { users: USERS, storiesPerUser: STORIES_PER_USER });
  const creator = (await database.executeSql<{ id: number; slug: string }>(CREATOR_SQL)).rows[0]!;
  const { query } = filterOf(
    (await database.executeSql<{ id: number }>(COUNTRIES_SQL)).rows.map((r) => r.id),
  );
  await database.close();

  const glimpse = await startGlimpse({ DATA_DIR: dataDir });
  try {
    const viewer = await signUp(glimpse.url, 'viewer@bench.example');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    console.log(
      `PGlite: restart on ${USERS} users / ${USERS * STORIES_PER_USER} stories, idle: ${mb(glimpse.rssMb())} resident`,
    );
    const ours = glimpsePaths(glimpse.url, creator, query);
    const results = {} as Record<Name, Measured[]>;
    for (const name of NAMES) {
      results[name] = [];
      for (let round = 0; round < ROUNDS; round++)
        results[name].push(await measure(ours[name], viewer.cookie, glimpse.cpuMs));
    }
    console.log(`PGlite: after the load ${mb(glimpse.rssMb())} resident`);
    return results;
  } finally {
    await glimpse.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function best(results: Measured[]): Measured {
  const perSecond = median(results.map((r) => r.perSecond));
  return results.find((r) => r.perSecond === perSecond) ?? results[0]!;
}

async function main(): Promise<void> {
  const load0 = loadavg().map((v) => v.toFixed(1));
  console.log(`2 cores, load average ${load0.join(' ')} at start`);
  // BENCH_BUILD=false runs apps/server/dist as it is (copy another build there for an A/B run).
  if (process.env.BENCH_BUILD !== 'false') await buildServer();
  const onPostgres = await postgresPart();
  // BENCH_PGLITE=false: PostgreSQL only (a quicker look at the ratios).
  const onPglite = process.env.BENCH_PGLITE === 'false' ? undefined : await pglitePart();
  console.log(
    `\n${CONCURRENCY} keep-alive clients in a separate process, ${SECONDS} s x ${ROUNDS} rounds (medians); ${USERS} users / ${USERS * STORIES_PER_USER} stories`,
  );
  let met = true;
  for (const name of NAMES) {
    const { bare, ours } = onPostgres[name];
    const ratio = median(ours.map((r) => r.perSecond)) / median(bare.map((r) => r.perSecond));
    met &&= ratio >= TARGET;
    const rounds = ours.map((r, i) => (r.perSecond / bare[i]!.perSecond).toFixed(2)).join(', ');
    const cpuRatio =
      median(bare.map((r) => r.cpuMsPerRequest)) / median(ours.map((r) => r.cpuMsPerRequest));
    console.log(
      `${name.padEnd(8)} bare pg ${rate(best(bare))} ${cpu(bare)} | glimpse ${rate(best(ours))} ${cpu(ours)} (${lat(best(ours))})`,
    );
    console.log(
      `${''.padEnd(8)} throughput ratio ${ratio.toFixed(2)}x [${rounds}] (target >= ${TARGET}): ${ratio >= TARGET ? 'met' : 'NOT met'}; CPU efficiency ${cpuRatio.toFixed(2)}x`,
    );
    const lite = onPglite?.[name];
    console.log(
      `${''.padEnd(8)} PGlite glimpse ${lite ? `${rate(best(lite))} ${cpu(lite)} (${lat(best(lite))})` : 'not run'}`,
    );
  }
  console.log(`all targets ${met ? 'met' : 'NOT met'}`);
  console.log(
    `load average ${loadavg()
      .map((v) => v.toFixed(1))
      .join(' ')} at end`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
