// EXPLAIN (ANALYZE, BUFFERS) of the server's Discover statement for the bench's four cases, on the
// database a `BENCH_KEEP_DB=true` run of discover.bench.ts kept, for its latest viewer.
// Run: npx tsx bench/home/explain.ts [case ...]  (cases: "all p1", "all p50", "filter p1", "filter p50")
import pg from 'pg';
import { parseHomeFilter, type HomeFilter } from '@glimpse/contract';
import { sectionStatement } from '../../apps/server/src/features/home/home-statement.repository.ts';
import { benchAdminUrl } from '../support/bench-database.ts';

const LIMIT = 18;

async function main(): Promise<void> {
  const url = new URL(benchAdminUrl);
  url.pathname = '/glimpse_bench_home';
  const client = new pg.Client({
    connectionString: url.toString(),
    options: '-c jit=off -c max_parallel_workers_per_gather=0',
  });
  await client.connect();
  const viewer = (
    await client.query<{ id: number }>(
      `select id from users where email like 'viewer-%@bench.example' order by id desc limit 1`,
    )
  ).rows[0]!.id;
  const countries = (
    await client.query<{ id: number }>(
      `select id from countries where code in ('us','de','fr','br','jp','in','ng','gb')`,
    )
  ).rows.map((r) => r.id);
  const filters: Record<string, HomeFilter> = {
    all: parseHomeFilter({}),
    filter: parseHomeFilter({
      age_min: 21,
      age_max: 45,
      'genders[]': ['female'],
      'countries[]': countries,
    }),
  };
  const wanted = process.argv.slice(2);
  for (const [name, filter] of Object.entries(filters)) {
    for (const page of [1, 50]) {
      const label = `${name} p${page}`;
      if (wanted.length > 0 && !wanted.includes(label)) continue;
      const statement = sectionStatement(viewer, 'discover', filter, {
        limit: LIMIT,
        offset: (page - 1) * LIMIT,
      });
      // Twice: the first warms the caches, the second is printed.
      let plan: { 'QUERY PLAN': string }[] = [];
      for (let run = 0; run < 2; run++) {
        plan = (
          await client.query<{ 'QUERY PLAN': string }>(
            `explain (analyze, buffers) ${statement.text}`,
            statement.values,
          )
        ).rows;
      }
      console.log(`\n=== ${label} (viewer ${viewer})`);
      for (const line of plan) console.log(line['QUERY PLAN']);
      // Planning + execution without per-node timing, best of 20: the figure to compare.
      let best = Infinity;
      for (let run = 0; run < 20; run++) {
        const lines = (
          await client.query<{ 'QUERY PLAN': string }>(
            `explain (analyze, summary, timing off, costs off) ${statement.text}`,
            statement.values,
          )
        ).rows.map((row) => row['QUERY PLAN']);
        const ms = (label: string) => Number(lines.find((l) => l.startsWith(label))!.split(' ')[2]);
        best = Math.min(best, ms('Planning Time') + ms('Execution Time'));
      }
      console.log(`${label}: planning + execution ${best.toFixed(2)} ms (best of 20)`);
    }
  }
  await client.end();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
