import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_BUNDLE = path.join(root, 'apps/server/dist/main.js');
const WEB_INDEX = path.join(root, 'apps/web/dist/index.html');

export interface DemoServer {
  url: string;
  /** The server's process id (its tools run as its children). */
  pid: number;
  /** Resolves with the number of demo stories the seed posted (read from the server's log). */
  storiesPosted: Promise<number>;
  stop(): Promise<void>;
}

/**
 * The built server (`npm run build` first: this builds nothing) on a fresh data directory with
 * the demo seed, as `npm start` runs it on a first start. Its log is read for the seed's
 * "N stories posted" line; everything else it prints is dropped unless it is a warning or worse.
 */
export async function startDemoServer(port: number): Promise<DemoServer> {
  for (const file of [SERVER_BUNDLE, WEB_INDEX]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'glimpse-lighthouse-'));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // The demo creator's generated live stream would encode video beside every audit; no
      // audited page shows it (home's first view lists stories, not streams).
      DEMO_LIVE: 'false',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const storiesPosted = new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      let entry: { level?: number; msg?: string };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        return;
      }
      const posted = /demo seed: (\d+) stories posted/.exec(entry.msg ?? '');
      if (posted) resolve(Number(posted[1]));
      // pino levels: 40 warn, 50 error.
      else if ((entry.level ?? 0) >= 40) console.error(`server: ${entry.msg ?? line}`);
    });
  });
  storiesPosted.catch(() => undefined);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      // A graceful stop waits for running jobs (the demo seed's); a bench need not.
      const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // The first start seeds ~75 demo users (password hashing, avatars) before it listens: on a
  // busy 2-core machine that can take minutes.
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited with ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${url}/api/echo`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('server did not start within 10 minutes');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, pid: child.pid!, storiesPosted, stop };
}

/** Signs in over HTTP and answers the session cookie (`name=value`). */
export async function signIn(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email}: ${response.status}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('glimpse_session='));
  if (!cookie) throw new Error('sign-in answered no session cookie');
  return cookie.split(';')[0]!;
}

export interface HomeListItem {
  id: number;
  slug: string;
  name: string;
  has_stories: number;
}

async function getJson<T>(url: string, cookie: string): Promise<T> {
  const response = await fetch(url, { headers: { cookie, accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** Every creator the viewer's three home sections list (Discover page by page), once each. */
export async function homeCreators(url: string, cookie: string): Promise<HomeListItem[]> {
  const byId = new Map<number, HomeListItem>();
  for (const section of ['subscribed', 'following']) {
    for (const item of await getJson<HomeListItem[]>(`${url}/api/home/stories/${section}`, cookie))
      byId.set(item.id, item);
  }
  for (let page = 1; page < 100; page++) {
    const items = await getJson<HomeListItem[]>(
      `${url}/api/home/stories/discover?limit=60&page=${page}`,
      cookie,
    );
    for (const item of items) byId.set(item.id, item);
    if (items.length < 60) break;
  }
  return [...byId.values()];
}

/**
 * Waits until every story the demo seed posted is processed: the ready-story counts the home
 * lists show add up to the number posted. Gives up (and says so) after `timeoutMs`, since a
 * story that failed processing would otherwise keep the bench waiting for ever.
 */
export async function waitForDemoStories(
  server: DemoServer,
  cookie: string,
  timeoutMs = 10 * 60_000,
): Promise<{ ready: number; posted: number }> {
  const started = Date.now();
  const posted = await Promise.race([
    server.storiesPosted,
    new Promise<never>((_resolve, reject) =>
      setTimeout(() => reject(new Error('the demo seed posted no stories')), timeoutMs),
    ),
  ]);
  let ready = 0;
  while (Date.now() - started < timeoutMs) {
    const creators = await homeCreators(server.url, cookie);
    ready = creators.reduce((sum, creator) => sum + creator.has_stories, 0);
    if (ready >= posted) return { ready, posted };
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  console.warn(`only ${ready} of ${posted} demo stories were ready after ${timeoutMs / 1000} s`);
  return { ready, posted };
}
