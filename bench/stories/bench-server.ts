import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { TERMS_VERSION, type Story } from '@glimpse/contract';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import { createServer, type GlimpseServer } from '../../apps/server/src/server.ts';

async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The real server (production settings, in-memory PGlite) on a real port, and one signed-up user. */
export interface BenchServer {
  server: GlimpseServer;
  url: string;
  cookie: string;
  /** Resolves when the server tells the user over realtime that the story is ready (or failed). */
  whenProcessed(storyId: number): Promise<'ready' | 'failed'>;
  postStory(file: Buffer, filename: string, meta?: Record<string, unknown>): Promise<Story>;
  stop(): Promise<void>;
}

export async function startBenchServer(): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'glimpse-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig(
    { PUBLIC_URL: url, PORT: String(port), LOG_LEVEL: 'silent', SIGNUPS_PER_HOUR: '1000' },
    { dataDir },
  );
  const server = await createServer(config, {
    inMemoryDatabase: true,
    logger: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
    // Production polling unless told otherwise, to show how much of "ready" is queue wait.
    ...(process.env.BENCH_JOB_POLL_SECONDS
      ? { jobPollingIntervalSeconds: Number(process.env.BENCH_JOB_POLL_SECONDS) }
      : {}),
  });
  await server.app.listen({ port, host: '127.0.0.1' });

  const headers = { origin: url };
  const signUp = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench-${randomBytes(6).toString('hex')}@example.com`,
      password: 'correct horse battery staple',
      name: 'Bench',
      birthdate: '1990-01-01',
      sex: 'female',
      country_code: 'de',
      accept_terms: true,
      confirm_adult: true,
      terms_version: TERMS_VERSION,
    }),
  });
  if (signUp.status !== 201)
    throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .find((c) => c.startsWith('glimpse_session='))!
    .split(';')[0]!;

  const socket: Socket = io(url, {
    transports: ['websocket'],
    extraHeaders: { ...headers, cookie },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const outcomes = new Map<number, 'ready' | 'failed'>();
  const waiters = new Map<number, (outcome: 'ready' | 'failed') => void>();
  const settle = (id: number, outcome: 'ready' | 'failed') => {
    outcomes.set(id, outcome);
    waiters.get(id)?.(outcome);
  };
  socket.on('story.ready', ({ story_id }: { story_id: number }) => settle(story_id, 'ready'));
  socket.on('story.failed', ({ story_id }: { story_id: number }) => settle(story_id, 'failed'));

  return {
    server,
    url,
    cookie,
    whenProcessed: (storyId) =>
      new Promise((resolve) => {
        const known = outcomes.get(storyId);
        if (known) return resolve(known);
        waiters.set(storyId, resolve);
      }),
    async postStory(file, filename, meta = {}) {
      const form = new FormData();
      form.append('model', JSON.stringify({}));
      form.append('meta', JSON.stringify(meta));
      form.append('file', new Blob([file]), filename);
      const response = await fetch(`${url}/api/stories`, {
        method: 'POST',
        body: form,
        headers: { ...headers, cookie },
      });
      if (response.status !== 201)
        throw new Error(`post failed: ${response.status} ${await response.text()}`);
      return (await response.json()) as Story;
    },
    async stop() {
      socket.close();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
