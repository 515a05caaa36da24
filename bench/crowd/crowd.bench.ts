// A crowd against the local cluster (issue 30): nginx, two API nodes, a worker, PostgreSQL,
// Redis and s3rver on this machine (scripts/cluster). Usage:
//   npm run bench:crowd -w bench -- [--users=50,200,500] [--seconds=60] [--kill] [--no-live]
// --kill adds a run at the first level that SIGKILLs api-2 halfway and checks what it cost.
//   npm run bench:crowd -w bench -- --faults [--outage=30] [--users=20]
// --faults runs only the fault sequence of issue 30 item 8 (faults.ts) and prints what it saw.
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, root, startCluster, type Cluster } from '../../scripts/cluster/cluster.mjs';
import { runCrowd, type CrowdResult } from '../../apps/server/src/test/cluster/crowd-run.ts';
import { runFaults } from './faults.ts';

const args = process.argv.slice(2);
const value = (name: string, fallback: string) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const levels = value('users', '50,200,500').split(',').map(Number);
const seconds = Number(value('seconds', '60'));
const withKill = args.includes('--kill');
const withLive = !args.includes('--no-live');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function startBenchCluster(tag: string): Promise<Cluster> {
  return startCluster({
    dataDir: path.join(root, `data/crowd-bench/${tag}`),
    databaseUrl: await freshDatabase(`glimpse_crowd_${tag}`),
    redisKeyPrefix: `glimpse-crowd-${tag}`,
    httpPort: 0,
    rtmpPort: withLive ? await freePort() : 0,
    demo: false,
    // A crowd signs up from one address: the per-address limits would turn it away.
    env: { SIGNUPS_PER_HOUR: '100000', LOGIN_FAILURES_PER_WINDOW: '100000' },
    nginx: { workerProcesses: 1 },
    log: (line) => console.log(`  ${line}`),
  });
}

function print(label: string, result: CrowdResult): void {
  console.log(`\n${label}: ${result.users} users, ${result.seconds.toFixed(1)} s`);
  console.log(
    'route'.padEnd(42),
    'requests'.padStart(9),
    'errors'.padStart(7),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
  );
  for (const r of result.routes)
    console.log(
      r.route.padEnd(42),
      String(r.requests).padStart(9),
      String(r.errors).padStart(7),
      String(r.p50).padStart(8),
      String(r.p99).padStart(8),
      r.errorStatuses ? ` (${r.errorStatuses})` : '',
    );
  const total = result.routes.reduce((sum, r) => sum + r.requests, 0);
  console.log(
    `total ${total} requests (${(total / result.seconds).toFixed(0)}/s), ${result.failures.length} failed; ` +
      `cluster CPU ${result.coresUsed.toFixed(2)} of ${availableParallelism()} cores: ` +
      `${result.servedUsers} of ${result.users} users served (no failed request), ` +
      `${result.usersPerCore.toFixed(0)} per core`,
  );
  console.log(
    `chat: ${result.messages.acknowledged} messages acknowledged, ${result.messages.missing.length} missing, ` +
      `${result.messages.recoveredOnReconnect} recovered after a reconnect; sockets ` +
      `${result.sockets.connectedAtEnd}/${result.sockets.total} connected at the end, ${result.sockets.reconnects} reconnects`,
  );
  if (result.kill)
    console.log(
      `node kill (${result.kill.node}): ${result.kill.inFlightFailures} failed requests in flight on it, ` +
        `${result.kill.unexplained.length} other failures` +
        (result.kill.unexplained.length
          ? `: ${JSON.stringify(result.kill.unexplained.slice(0, 5))}`
          : ''),
    );
}

const pidsOf = (cluster: Cluster) => [
  ...cluster.nodes.map((n) => n.pid),
  cluster.nginx.pid,
  cluster.s3.pid,
];

console.log('building the server (npm run build -w apps/server)...');
if (spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: 'inherit' }).status)
  process.exit(1);

if (args.includes('--faults')) {
  await runFaults(Number(value('outage', '30')), Number(value('users', '20')));
  process.exit(0);
}

const cluster = await startBenchCluster('levels');
try {
  for (const users of levels) {
    const result = await runCrowd({
      url: cluster.url,
      databaseUrl: cluster.databaseUrl,
      users,
      durationMs: seconds * 1000,
      rtmpUrl: cluster.rtmpUrl,
      clusterPids: pidsOf(cluster),
      log: (line) => console.log(`  ${line}`),
    });
    print('crowd', result);
  }
} finally {
  await cluster.stop();
}

if (withKill) {
  const killCluster = await startBenchCluster('kill');
  try {
    const victim = killCluster.nodes.find((n) => n.name === 'api-2')!;
    const result = await runCrowd({
      url: killCluster.url,
      databaseUrl: killCluster.databaseUrl,
      users: levels[0]!,
      durationMs: seconds * 1000,
      rtmpUrl: killCluster.rtmpUrl,
      clusterPids: pidsOf(killCluster),
      log: (line) => console.log(`  ${line}`),
      kill: {
        afterMs: (seconds * 1000) / 2,
        pid: victim.pid,
        port: victim.port,
        name: victim.name,
        exited: victim.exited,
      },
    });
    print('crowd with api-2 killed halfway', result);
  } finally {
    await killCluster.stop();
  }
}
