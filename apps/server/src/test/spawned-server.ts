import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { waitUntil } from './processes.ts';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A Glimpse server in a process of its own (tsx, no build), as `npm start` would run it. */
export interface SpawnedServer {
  child: ChildProcess;
  pid: number;
  url: string;
  exited: Promise<number | null>;
  /** Output so far, for the failure message of a test. */
  output(): string;
  fetch(path: string, init?: RequestInit & { cookie?: string }): Promise<Response>;
}

/**
 * Starts `main.ts` on DATA_DIR `dataDir` and a free port, and waits until it answers. The child
 * leads its own process group, so a test can take it down with everything it started.
 */
export async function spawnServer(dataDir: string): Promise<SpawnedServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DEMO_SEED: 'false',
      RTMP_PORT: '0',
      LOG_LEVEL: 'warn',
      SIGNUPS_PER_HOUR: '1000',
      WEB_DIST_DIR: dataDir,
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const server: SpawnedServer = {
    child,
    pid: child.pid!,
    url,
    exited,
    output: () => output,
    fetch: (path, { cookie, headers, ...init } = {}) =>
      fetch(`${url}${path}`, {
        ...init,
        headers: {
          origin: url,
          ...(cookie ? { cookie: `glimpse_session=${cookie}` } : {}),
          ...headers,
        },
      }),
  };
  const up = await waitUntil(
    async () =>
      gone ||
      (await server.fetch('/api/echo').then(
        (r) => r.ok,
        () => false,
      )),
    60_000,
    200,
  );
  if (!up || gone) throw new Error(`server did not start:\n${output}`);
  return server;
}

/** The session cookie value from a response's Set-Cookie headers. */
export function sessionCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('glimpse_session='));
  if (!cookie) throw new Error(`no session cookie (${response.status})`);
  return cookie.slice('glimpse_session='.length).split(';')[0]!;
}
