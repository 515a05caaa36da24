// `npm run cluster`: nginx in front of two API nodes and a worker, with PostgreSQL, Redis and an
// S3-compatible server, on this machine (docs/deploy.md). Ctrl-C stops everything.
//   --down         stop what a cluster started earlier left running (data/cluster/pids.json)
//   --source       run the nodes from TypeScript (tsx) instead of the build
//   --build        rebuild first (otherwise only when apps/server/dist or apps/web/dist is missing)
//   --port=N       nginx's HTTP port (CLUSTER_PORT, default 8080)
//   --rtmp-port=N  nginx's RTMP port (CLUSTER_RTMP_PORT, default 1935; 0: no RTMP)
//   --no-demo      no demo data on a fresh database
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/glimpse_cluster) and REDIS_URL
// (default redis://127.0.0.1:6379) may point elsewhere.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { downCluster, root, startCluster } from './cluster.mjs';

const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const value = (name, fallback) => {
  const arg = args.find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : fallback;
};

if (flag('down')) {
  const stopped = await downCluster();
  console.log(stopped.length ? `stopped: ${stopped.join(', ')}` : 'nothing was running');
  process.exit(0);
}

const fromSource = flag('source');
const built =
  existsSync(path.join(root, 'apps/server/dist/main.js')) &&
  existsSync(path.join(root, 'apps/web/dist/index.html'));
if (flag('build') || (!fromSource && !built)) {
  console.log('building (npm run build)...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Ctrl-C reaches every child too (same process group); each stops on its own signal.
let stopping;
const cluster = await startCluster({
  httpPort: Number(value('port', process.env.CLUSTER_PORT ?? 8080)),
  rtmpPort: Number(value('rtmp-port', process.env.CLUSTER_RTMP_PORT ?? 1935)),
  databaseUrl: process.env.DATABASE_URL || undefined,
  redisUrl: process.env.REDIS_URL || undefined,
  demo: !flag('no-demo'),
  fromSource,
  logLevel: process.env.LOG_LEVEL || 'warn',
}).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
console.log(`\nGlimpse cluster is running: open ${cluster.url}`);
console.log(`logs: ${path.join(cluster.dataDir, 'logs')}; Ctrl-C stops everything\n`);

const shutdown = (signal) => {
  stopping ??= (async () => {
    console.log(`${signal}: stopping the cluster...`);
    await cluster.stop();
    console.log('stopped');
    process.exit(0);
  })();
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGHUP', () => shutdown('SIGHUP'));
// A node that dies on its own is reported; the cluster keeps running on the others.
for (const node of cluster.nodes)
  void node.exited.then((code) => {
    if (!stopping) console.error(`${node.name} exited (${code}): see its log`);
  });
