// Discover under concurrent load: the real route against a bare Fastify route running the same
// single SQL query on the same PostgreSQL database, page 1 and page 50, in one run.
// Run: npx tsx bench/home/discover.bench.ts  (BENCH_DATABASE_URL or TEST_DATABASE_URL: an admin URL)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { parseHomeFilter, TERMS_VERSION, type HomeFilter } from '@glimpse/contract';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import { createServer } from '../../apps/server/src/server.ts';
import { homeSectionQuery } from '../../apps/server/src/features/home/home.repository.ts';
import { generateHomeData } from './generate.ts';
import { runLoad, type LoadResult } from './load.ts';
import { dropBenchDatabase, recreateBenchDatabase } from '../support/bench-database.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const STORIES_PER_USER = Number(process.env.BENCH_STORIES_PER_USER ?? 10);
const CONCURRENCY = 8;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const LIMIT = 18;
const dbName = 'glimpse_bench_home';

function fmt(r: LoadResult): string {
  return `${r.perSecond.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  (${r.requests} requests)`;
}

async function main(): Promise<void> {
  const url = new URL(await recreateBenchDatabase(dbName));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'glimpse-bench-'));
  const origin = 'http://127.0.0.1:3990';
  const config = loadConfig(
    { PUBLIC_URL: origin, LOG_LEVEL: 'silent', DEMO_SEED: 'false' },
    { dataDir, databaseUrl: url.toString() },
  );
  const server = await createServer(config, {
    logger: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
  });

  const t0 = Date.now();
  const loader = new pg.Client({ connectionString: url.toString() });
  await loader.connect();
  await generateHomeData(loader, { users: USERS, storiesPerUser: STORIES_PER_USER });
  console.log(
    `generated ${USERS} users and ${USERS * STORIES_PER_USER} stories in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );

  const ours = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const register = await fetch(`${ours}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({
      email: 'viewer@bench.example',
      password: 'bench viewer password',
      name: 'Viewer',
      birthdate: '1990-01-01',
      sex: 'male',
      country_code: 'de',
      accept_terms: true,
      confirm_adult: true,
      terms_version: TERMS_VERSION,
    }),
  });
  const cookie = register.headers.get('set-cookie')!.split(';')[0]!;
  const viewer = (await register.json()) as { id: number };
  await loader.query(
    `insert into follows (follower_id, creator_id) select $1, id from users where email like '%@bench.glimpse' and id % 2000 = 0`,
    [viewer.id],
  );
  await loader.query(
    `insert into story_watches (user_id, story_id) select $1, id from stories where id % 50 = 0 on conflict do nothing`,
    [viewer.id],
  );
  await loader.query('analyze');
  const countries = (
    await loader.query<{ id: number }>(
      `select id from countries where code in ('us','de','fr','br','jp','in','ng','gb')`,
    )
  ).rows.map((r) => r.id);
  await loader.end();

  // A typical filter: an age band, one sex, a handful of countries.
  const filterQuery = `age_min=21&age_max=45&genders[]=female&${countries.map((c) => `countries[]=${c}`).join('&')}`;
  const filter: HomeFilter = parseHomeFilter({
    age_min: 21,
    age_max: 45,
    'genders[]': ['female'],
    'countries[]': countries,
  });

  // Baseline: a bare Fastify route that runs the same SQL (same text, same parameters) on a pool.
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  const dialect = new PgDialect();
  const bare = Fastify();
  bare.get<{ Querystring: { page: string } }>('/discover', async (request) => {
    const page = Number(request.query.page);
    const query = dialect.sqlToQuery(
      homeSectionQuery(viewer.id, 'discover', filter, { limit: LIMIT, offset: (page - 1) * LIMIT }),
    );
    return (await pool.query(query.sql, query.params)).rows;
  });
  const baseline = await bare.listen({ port: 0, host: '127.0.0.1' });

  const results: Record<string, LoadResult> = {};
  for (const page of [1, 50]) {
    const oursUrl = `${ours}/api/home/stories/discover?${filterQuery}&limit=${LIMIT}&page=${page}`;
    const bareUrl = `${baseline}/discover?page=${page}`;
    await runLoad(bareUrl, {}, CONCURRENCY, 1500);
    results[`baseline p${page}`] = await runLoad(bareUrl, {}, CONCURRENCY, SECONDS * 1000);
    await runLoad(oursUrl, { cookie }, CONCURRENCY, 1500);
    results[`glimpse p${page}`] = await runLoad(oursUrl, { cookie }, CONCURRENCY, SECONDS * 1000);
  }
  console.log(
    `\nDiscover, ${CONCURRENCY} concurrent clients, ${SECONDS} s each, PostgreSQL, ${USERS} users / ${USERS * STORIES_PER_USER} stories`,
  );
  for (const [name, result] of Object.entries(results))
    console.log(`${name.padEnd(12)} ${fmt(result)}`);
  const r = (a: string, b: string, key: keyof LoadResult) =>
    (results[a]![key] / results[b]![key]).toFixed(2);
  console.log(
    `\nthroughput glimpse/baseline page 1:  ${r('glimpse p1', 'baseline p1', 'perSecond')}x  (target >= 0.6)`,
  );
  console.log(
    `throughput glimpse/baseline page 50: ${r('glimpse p50', 'baseline p50', 'perSecond')}x  (target >= 0.6)`,
  );
  console.log(
    `latency p50 page 50 / page 1 (glimpse): ${r('glimpse p50', 'glimpse p1', 'p50')}x  (target <= 1.2)`,
  );
  console.log(`latency p99 page 50 / page 1 (glimpse): ${r('glimpse p50', 'glimpse p1', 'p99')}x`);

  await bare.close();
  await pool.end();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
  await dropBenchDatabase(dbName);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
