// The local cluster (`npm run cluster`, the crowd bench, the node-kill test): an S3-compatible
// server, two API nodes and a worker on PostgreSQL and Redis, nginx in front. Every process is a
// child of this one; stop() (or the exit of this process) takes them all down.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { nginxConfig } from './nginx-config.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const S3RVER_KEY = 'S3RVER';
const BUCKET = 'glimpse';

/** A free TCP port on 127.0.0.1 (0 asks the kernel). */
export async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function answers(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

/** Creates the cluster's database on the PostgreSQL of `databaseUrl` when it is missing. */
async function ensureDatabase(databaseUrl) {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name "${name}"`);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${url.host} (${error.message}): start it or set DATABASE_URL`,
      { cause: error },
    );
  }
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

/** SECRET shared by every node (sessions, signed media links); kept in the cluster's data dir. */
function clusterSecret(dataDir) {
  const file = path.join(dataDir, 'secret');
  if (!existsSync(file))
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/**
 * A child process whose output goes to `logFile`; the last lines are kept for error messages.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, logFile: string }} options
 */
function startProcess(name, command, args, { env, logFile }) {
  const child = spawn(command, args, {
    cwd: root,
    env: env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(logFile, { flags: 'a' });
  let tail = '';
  const keep = (chunk) => {
    log.write(chunk);
    tail = (tail + chunk.toString()).slice(-4_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      log.end();
      resolve(code ?? signal);
    });
    // A missing binary (nginx not installed): reported through output(), not thrown.
    child.once('error', (error) => {
      tail += `\n${command}: ${error.message}`;
      log.end();
      resolve(null);
    });
  });
  let running = true;
  void exited.then(() => (running = false));
  return {
    name,
    child,
    pid: /** @type {number} */ (child.pid),
    exited,
    running: () => running,
    output: () => tail,
    kill(signal = 'SIGTERM') {
      if (running) child.kill(signal);
    },
  };
}

/** Sends `signal`, then SIGKILL after `graceMs` if the process is still there. */
async function stopProcess(proc, signal, graceMs = 10_000) {
  if (!proc.running()) return;
  proc.kill(signal);
  const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
  await proc.exited;
  clearTimeout(timer);
}

/**
 * Starts the cluster and resolves once nginx answers through every API node.
 * @param {import('./cluster.d.mts').ClusterOptions} [options]
 * @returns {Promise<import('./cluster.d.mts').Cluster>}
 */
export async function startCluster(options = {}) {
  const dataDir = path.resolve(options.dataDir ?? path.join(root, 'data/cluster'));
  const log = options.log ?? ((line) => process.stdout.write(`${line}\n`));
  const apiCount = options.apiNodes ?? 2;
  const databaseUrl = options.databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/glimpse_cluster';
  const redisUrl = options.redisUrl ?? 'redis://127.0.0.1:6379';
  const fromSource = options.fromSource ?? false;
  for (const dir of ['logs', 's3', 'nginx/tmp'])
    mkdirSync(path.join(dataDir, dir), { recursive: true });

  /** @type {ReturnType<typeof startProcess>[]} */
  const processes = [];
  // Whatever happens to this process, its children go with it.
  const killAll = () => processes.forEach((proc) => proc.kill('SIGKILL'));
  process.once('exit', killAll);
  const stop = async () => {
    process.off('exit', killAll);
    // nginx first (no new requests), then the nodes finish theirs, then the store.
    const nginx = processes.find((proc) => proc.name === 'nginx');
    if (nginx) await stopProcess(nginx, 'SIGQUIT', 5_000);
    const nodes = processes.filter((proc) => proc.name !== 'nginx' && proc.name !== 's3');
    await Promise.all(nodes.map((proc) => stopProcess(proc, 'SIGTERM')));
    const s3 = processes.find((proc) => proc.name === 's3');
    if (s3) await stopProcess(s3, 'SIGTERM');
    writePids(dataDir, []);
  };

  try {
    await ensureDatabase(databaseUrl);
    log(`database: ${databaseUrl.replace(/\/\/[^@]*@/, '//')}`);

    // s3rver in a process of its own; startS3() again (after stopS3()) reuses its port and objects.
    /** @type {ReturnType<typeof startProcess>} */
    let s3;
    /** @param {number} port 0: a free one */
    const startS3 = async (port) => {
      s3 = startProcess(
        's3',
        process.execPath,
        // tsx: the server takes s3rver's missing multipart listing from the tests' TypeScript.
        [
          '--import',
          'tsx',
          path.join(root, 'scripts/cluster/s3-server.mjs'),
          path.join(dataDir, 's3'),
          String(port),
        ],
        { logFile: path.join(dataDir, 'logs/s3.log') },
      );
      processes.push(s3);
      writePids(dataDir, processes);
      const started = s3;
      return /** @type {Promise<number>} */ (
        new Promise((resolve, reject) => {
          let seen = '';
          started.child.stdout.on('data', (chunk) => {
            seen += chunk.toString();
            const match = /listening (\d+)/.exec(seen);
            if (match) resolve(Number(match[1]));
          });
          void started.exited.then(() => reject(new Error(`s3rver exited:\n${started.output()}`)));
        })
      );
    };
    const s3Port = await startS3(0);
    const s3Endpoint = `http://127.0.0.1:${s3Port}`;
    log(`S3 (s3rver): ${s3Endpoint}, bucket ${BUCKET}, objects in ${path.join(dataDir, 's3')}`);

    const httpPort = options.httpPort || (await freePort());
    const url = `http://127.0.0.1:${httpPort}`;
    const rtmpPort = options.rtmpPort ?? 1935;
    const apiPorts = [];
    const apiRtmpPorts = [];
    for (let i = 0; i < apiCount; i++) {
      apiPorts.push(await freePort());
      if (rtmpPort > 0) apiRtmpPorts.push(await freePort());
    }

    const secret = clusterSecret(dataDir);
    const baseEnv = {
      ...process.env,
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: options.redisKeyPrefix ?? 'glimpse-cluster',
      SECRET: secret,
      S3_ENDPOINT: s3Endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: 'true',
      // nginx is the only proxy; the nodes take the client's address from its X-Forwarded-For.
      TRUSTED_PROXIES: '127.0.0.1',
      LOG_LEVEL: options.logLevel ?? 'warn',
      // What the app shows creators for OBS: nginx's stream proxy, not a node's own RTMP_PORT.
      ...(rtmpPort > 0 ? { PUBLIC_RTMP_URL: `rtmp://127.0.0.1:${rtmpPort}/live` } : {}),
      ...options.env,
    };
    const entry = fromSource
      ? ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')]
      : ['--v8-pool-size=2', path.join(root, 'apps/server/dist/main.js')];

    /** @param {string} name @param {'api'|'worker'} role @param {NodeJS.ProcessEnv} env */
    const startNode = (name, role, env) => {
      const nodeDir = path.join(dataDir, name);
      mkdirSync(nodeDir, { recursive: true });
      const proc = startProcess(name, process.execPath, [...entry, `--role=${role}`], {
        env: { ...baseEnv, DATA_DIR: nodeDir, ...env },
        logFile: path.join(dataDir, `logs/${name}.log`),
      });
      processes.push(proc);
      writePids(dataDir, processes);
      return proc;
    };
    const waitForNode = async (proc, port) => {
      const deadline = Date.now() + 120_000;
      while (!(await answers(`http://127.0.0.1:${port}/api/echo`))) {
        if (!proc.running()) throw new Error(`${proc.name} exited:\n${proc.output()}`);
        if (Date.now() > deadline) throw new Error(`${proc.name} did not start:\n${proc.output()}`);
        await sleep(200);
      }
    };

    // The first node alone migrates the database and seeds the demo (seeding checks for an
    // empty database first, which two nodes starting together could both see).
    /** @type {import('./cluster.d.mts').ClusterNode[]} */
    const nodes = [];
    for (let i = 0; i < apiCount; i++) {
      const name = `api-${i + 1}`;
      const proc = startNode(name, 'api', {
        PORT: String(apiPorts[i]),
        RTMP_PORT: String(apiRtmpPorts[i] ?? 0),
        DEMO_SEED: i === 0 && (options.demo ?? true) ? 'true' : 'false',
      });
      nodes.push({
        ...proc,
        role: 'api',
        port: apiPorts[i],
        url: `http://127.0.0.1:${apiPorts[i]}`,
      });
      if (i === 0 && !options.startTogether) await waitForNode(proc, apiPorts[0]);
    }
    const worker = startNode('worker', 'worker', { PORT: '0', RTMP_PORT: '0', DEMO_SEED: 'false' });
    nodes.push({ ...worker, role: 'worker', port: 0, url: '' });
    await Promise.all(
      nodes.slice(options.startTogether ? 0 : 1, apiCount).map((n) => waitForNode(n, n.port)),
    );
    nodes.slice(0, apiCount).forEach((node) => log(`${node.name}: ${node.url} (pid ${node.pid})`));
    log(`worker: pid ${worker.pid}`);

    const prefix = path.join(dataDir, 'nginx');
    const conf = path.join(prefix, 'nginx.conf');
    writeFileSync(
      conf,
      nginxConfig({ prefix, httpPort, apiPorts, rtmpPort, apiRtmpPorts, ...options.nginx }),
    );
    const nginx = startProcess(
      'nginx',
      options.nginxBinary ?? 'nginx',
      ['-p', prefix, '-c', conf, '-e', path.join(prefix, 'error.log')],
      {
        logFile: path.join(dataDir, 'logs/nginx.log'),
      },
    );
    processes.push(nginx);
    writePids(dataDir, processes);
    const deadline = Date.now() + 15_000;
    while (!(await answers(`${url}/api/echo`))) {
      if (!nginx.running()) throw new Error(`nginx exited:\n${nginx.output()}\n${readLog(prefix)}`);
      if (Date.now() > deadline) throw new Error(`nginx did not answer on ${url}`);
      await sleep(100);
    }
    if (!worker.running()) throw new Error(`worker exited:\n${worker.output()}`);
    log(`nginx: ${url}${rtmpPort > 0 ? `, RTMP rtmp://127.0.0.1:${rtmpPort}/live` : ''}`);

    return {
      url,
      rtmpUrl: rtmpPort > 0 ? `rtmp://127.0.0.1:${rtmpPort}/live` : undefined,
      s3Endpoint,
      databaseUrl,
      dataDir,
      nodes,
      nginx,
      get s3() {
        return s3;
      },
      async stopS3() {
        // SIGKILL: gone at once, as a crashed or unplugged store is.
        await stopProcess(s3, 'SIGKILL');
        writePids(dataDir, processes);
      },
      async startS3() {
        if (s3.running()) return;
        processes.splice(processes.indexOf(s3), 1);
        await startS3(s3Port);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function readLog(prefix) {
  try {
    return readFileSync(path.join(prefix, 'error.log'), 'utf8').slice(-2_000);
  } catch {
    return '';
  }
}

/** The running processes, for `npm run cluster -- --down` from another terminal. */
function writePids(dataDir, processes) {
  const rows = processes
    .filter((proc) => proc.running())
    .map((proc) => ({ name: proc.name, pid: proc.pid }));
  writeFileSync(path.join(dataDir, 'pids.json'), `${JSON.stringify(rows, null, 2)}\n`);
}

/**
 * Stops what a cluster in `dataDir` left running (its launcher killed, another terminal): each
 * recorded pid whose command line still names the cluster's files, nothing else.
 */
export async function downCluster(dataDir = path.join(root, 'data/cluster')) {
  const file = path.join(path.resolve(dataDir), 'pids.json');
  if (!existsSync(file)) return [];
  /** @type {{ name: string, pid: number }[]} */
  const rows = JSON.parse(readFileSync(file, 'utf8'));
  const ours = rows.filter(({ pid }) => {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      return cmdline.includes(path.resolve(dataDir)) || cmdline.includes(root);
    } catch {
      return false;
    }
  });
  for (const { pid, name } of ours) process.kill(pid, name === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
  const deadline = Date.now() + 10_000;
  const alive = (pid) => existsSync(`/proc/${pid}`);
  while (ours.some(({ pid }) => alive(pid)) && Date.now() < deadline) await sleep(100);
  for (const { pid } of ours) if (alive(pid)) process.kill(pid, 'SIGKILL');
  writeFileSync(file, '[]\n');
  return ours.map(({ name }) => name);
}
