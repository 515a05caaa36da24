// Search at 100,000 creators: GET /api/search (misspelt names, prefixes, handles, tags) against
// GET /api/users/slug/:slug, a plain indexed lookup by handle, on the same server and database in
// the same run; p50 and p95 of one client's requests one after another (as someone typing makes
// them). PGlite in memory, then PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL: an admin
// URL) is set. Each search's statement is EXPLAINed too (custom and generic plan): the run fails
// when one reads the users table whole.
// Run: npm run bench:search -w bench   (BENCH_USERS, BENCH_RUNS scale it)
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { Agent, request } from 'undici';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import { createServer, type GlimpseServer } from '../../apps/server/src/server.ts';
import { freePort, signUp } from '../api/glimpse-process.ts';
import { fmt, median } from '../stories/measure.ts';
import {
  benchDbName,
  dropBenchDatabase,
  recreateBenchDatabase,
} from '../support/bench-database.ts';
import { explainSearches } from './explain.ts';
import { BENCH_EMAIL_DOMAIN, generateCreators } from './generate.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
/** Requests measured per kind of search (and as many of the baseline beside each kind). */
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const dbName = benchDbName('glimpse_bench_search');

/** What people type, by kind; each kind's requests go round its texts. */
const QUERIES: Record<string, string[]> = {
  'misspelt name': ['Ana Rivra', 'Mateo Slva', 'Lena Petrva', 'Dario Rosi', 'hana sat'],
  'name prefix': ['ann', 'riv', 'schm', 'lukas we', 'fatim'],
  handle: ['@anna-rivera-1', 'gabe-mul', 'chloe-martin-a'],
  tag: ['fitness', 'cosply', 'live streams'],
  '1-2 characters': ['a', 'ma', 'lu', 'z'],
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function timedGet(
  dispatcher: Agent,
  url: string,
  cookie: string,
): Promise<{ ms: number; body: unknown }> {
  const started = performance.now();
  const response = await request(url, { headers: { cookie }, dispatcher });
  const body = await response.body.json();
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
  return { ms: performance.now() - started, body };
}

type BenchServer = GlimpseServer & { dir: string; port: number };

async function bench(label: string, server: BenchServer): Promise<void> {
  const started = Date.now();
  await generateCreators(server.ctx.db, USERS);
  console.log(
    `\n${label}: ${USERS} creators generated in ${fmt((Date.now() - started) / 1000, 1)} s`,
  );

  const base = await server.app.listen({ port: server.port, host: '127.0.0.1' });
  const viewer = await signUp(base, `viewer@${BENCH_EMAIL_DOMAIN}`);
  // Blocks both ways, so every search pays for the block checks as it would for a real viewer.
  await server.ctx.db.execute(sql`
    insert into user_blocks (blocker_id, blocked_id)
    select ${viewer.id}::int, id from users where id % 1000 = 0 and id <> ${viewer.id}::int
    union all
    select id, ${viewer.id}::int from users where id % 1500 = 7 and id <> ${viewer.id}::int`);
  const slugs = (
    await server.ctx.db.execute<{ slug: string }>(
      sql`select slug from users where email like ${`%@${BENCH_EMAIL_DOMAIN}`} and id % 997 = 1 limit 50`,
    )
  ).rows.map((row) => row.slug);

  const dispatcher = new Agent({ connections: 1, keepAliveTimeout: 10_000 });
  const searchUrl = (q: string) => `${base}/api/search?q=${encodeURIComponent(q)}`;
  const profileUrl = (i: number) => `${base}/api/users/slug/${slugs[i % slugs.length]}`;
  // The bench is one viewer typing far faster than the rate limit allows.
  const unlimit = () => server.ctx.limiter.reset(`search:${viewer.id}`);

  const rows: { kind: string; p50: number; p95: number; ratio: number; found: number }[] = [];
  const baselineAll: number[] = [];
  for (const [kind, texts] of Object.entries(QUERIES)) {
    const measured: number[] = [];
    const baseline: number[] = [];
    let found = 0;
    for (let i = -3; i < RUNS; i++) {
      await unlimit();
      const text = texts[(i + texts.length) % texts.length]!;
      const search = await timedGet(dispatcher, searchUrl(text), viewer.cookie);
      const profile = await timedGet(dispatcher, profileUrl(i + 3), viewer.cookie);
      if (i < 0) continue; // warm-up
      measured.push(search.ms);
      baseline.push(profile.ms);
      found += (search.body as { data: unknown[] }).data.length;
    }
    baselineAll.push(...baseline);
    rows.push({
      kind,
      p50: median(measured),
      p95: percentile(measured, 95),
      ratio: median(measured) / median(baseline),
      found: found / RUNS,
    });
  }
  console.log(
    `${label}, one client, requests one after another, ${RUNS} per kind (ms; ratio = search p50 / profile p50 of the same rounds)`,
  );
  console.log(
    `  baseline GET /api/users/slug/:slug   p50 ${fmt(median(baselineAll)).padStart(7)}  p95 ${fmt(percentile(baselineAll, 95)).padStart(7)}`,
  );
  for (const row of rows) {
    console.log(
      `  search ${row.kind.padEnd(16)}  p50 ${fmt(row.p50).padStart(7)}  p95 ${fmt(row.p95).padStart(7)}  ratio ${fmt(row.ratio).padStart(5)}x  (${fmt(row.found, 1)} results a page)`,
    );
  }
  const explained = await explainSearches(server.ctx.db, viewer.id, Object.values(QUERIES).flat());
  console.log(`  plans: ${explained.summary}`);
  await dispatcher.close();
  if (explained.seqScans.length > 0) {
    throw new Error(`a search reads every user: ${explained.seqScans.join('; ')}`);
  }
}

async function serverOn(databaseUrl: string | undefined): Promise<BenchServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'glimpse-bench-search-'));
  // The sign-up's Origin must be the server's own address.
  const port = await freePort();
  const config = loadConfig(
    { PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'silent', DEMO_SEED: 'false' },
    { dataDir: dir, databaseUrl },
  );
  const server = await createServer(config, {
    inMemoryDatabase: true,
    logger: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
  });
  return { ...server, dir, port };
}

console.log(
  `${cpus().length} cores, load average ${loadavg()
    .map((v) => fmt(v, 1))
    .join(' ')} at start`,
);
const pglite = await serverOn(undefined);
await bench('PGlite (in memory)', pglite);
await pglite.close();
rmSync(pglite.dir, { recursive: true, force: true });

if (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL) {
  const postgres = await serverOn(await recreateBenchDatabase(dbName));
  try {
    await bench('PostgreSQL', postgres);
  } finally {
    await postgres.close();
    rmSync(postgres.dir, { recursive: true, force: true });
    await dropBenchDatabase(dbName);
  }
}
console.log(
  `\nload average ${loadavg()
    .map((v) => fmt(v, 1))
    .join(' ')} at end`,
);
