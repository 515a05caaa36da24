import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TERMS_VERSION } from '@glimpse/contract';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** USER_HZ: 100 on Linux for every architecture Node ships for. */
const CLOCK_TICKS = 100;

export async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The server bundle a self-hoster runs (`npm start`), rebuilt so it matches the source. */
export async function buildServer(): Promise<void> {
  await run('npm', ['run', 'build', '-w', 'apps/server']);
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')}: exit ${code}`)),
    );
  });
}

export interface GlimpseProcess {
  url: string;
  /** Resident memory of the server process (VmRSS), in MB. */
  rssMb(): number;
  /** CPU time the server process has used so far (user + system), in ms. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** The node flags `npm start` runs the server with (root package.json), so both measure alike. */
function startScriptNodeFlags(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const match = /node ((?:--\S+ )*)apps\/server\/dist\/main\.js/.exec(manifest.scripts.start);
  if (!match) throw new Error(`cannot find the server command in "${manifest.scripts.start}"`);
  return match[1]!.split(' ').filter(Boolean);
}

/**
 * `node apps/server/dist/main.js` as `npm start` runs it (its node flags; defaults: no access
 * log, no demo seed here), in its own process: the load generator and the bare baseline never
 * share its memory or event loop, and its RSS is the server's alone.
 */
export async function startGlimpse(env: Record<string, string>): Promise<GlimpseProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": where the server's time goes.
  const nodeArgs = [
    ...startScriptNodeFlags(),
    ...(process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean),
  ];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, 'apps/server/dist/main.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      PUBLIC_URL: url,
      DEMO_SEED: 'false',
      SIGNUPS_PER_HOUR: '1000',
      LOG_LEVEL: 'warn',
      // No RTMP ingest: not measured here, and its fixed port may be taken by another server.
      RTMP_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/echo`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 1200) throw new Error('server did not start within 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    rssMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
    },
    cpuMs: () => {
      // /proc/PID/stat: fields 14 and 15 (utime, stime) in clock ticks, after the "(name)".
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Signs a user up over HTTP; returns the session cookie and the user's id. */
export async function signUp(url: string, email: string): Promise<{ cookie: string; id: number }> {
  const response = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({
      email,
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
  if (response.status !== 201) throw new Error(`sign-up: ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith('glimpse_session='))!
    .split(';')[0]!;
  return { cookie, id: ((await response.json()) as { id: number }).id };
}
