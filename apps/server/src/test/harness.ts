import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse, InjectOptions } from 'fastify';
import pino from 'pino';
import { inject } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig, type Config } from '../platform/config/config.ts';
import { createServer, type CreateServerOptions, type GlimpseServer } from '../server.ts';
import { pgliteTestTemplate, usePostgres } from './test-database.ts';
import { borrowPgliteDatabase, returnPgliteDatabase } from './pglite-pool.ts';
import { borrowPostgresDatabase } from './postgres-pool.ts';
import { testS3Settings } from './s3-test-server.ts';

/** The run's S3 endpoint when the project stores blobs in S3 (GLIMPSE_TEST_STORE=s3). */
function testS3Endpoint(): string | undefined {
  return process.env.GLIMPSE_TEST_STORE === 's3' ? inject('s3Endpoint') : undefined;
}

export const TEST_ORIGIN = 'http://127.0.0.1:3999';

/**
 * Argon2id's least cost for the test servers' password hashes: a pass of the API suites signs up
 * ~1,300 users, ~15 ms of CPU each at the production cost (password.test.ts covers that cost).
 */
const TEST_PASSWORD_HASH_COST = { memoryKib: 8, passes: 1 };

/**
 * How often a test server's workers look for due jobs. A queued job wakes its worker at once
 * (NOTIFY), so the poll only finds retries and delayed jobs coming due; every poll is a query per
 * queue (about 50 ms of CPU a second per server at 0.5 s), so suites that wait on a retry ask for
 * `RETRY_JOB_POLLING_SECONDS` instead.
 */
export const TEST_JOB_POLLING_SECONDS = 3;
export const RETRY_JOB_POLLING_SECONDS = 0.5;

export interface TestServer extends GlimpseServer {
  config: Config;
  /** The Redis prefix of its keys and socket.io channels: a second node shares it to talk. */
  redisKeyPrefix?: string;
  stop(): Promise<void>;
}

/**
 * A real server for one test file: PGlite in memory or a PostgreSQL database (either one the
 * worker kept and emptied: pglite-pool.ts, postgres-pool.ts), media in a temp dir (or a bucket of
 * its own on the run's s3rver with GLIMPSE_TEST_STORE=s3), Redis with a private key prefix when
 * TEST_REDIS_URL is set. Requests go through HTTP with `app.inject`.
 */
export async function startTestServer(
  overrides: Partial<Config> = {},
  serverOptions: Pick<
    CreateServerOptions,
    | 'jobQueueOptions'
    | 'redisKeyPrefix'
    | 'shutdownGraceMs'
    | 'logger'
    | 'jobPollingIntervalSeconds'
  > = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'glimpse-test-'));
  const database = usePostgres() ? await borrowPostgresDatabase() : undefined;
  const s3Endpoint = testS3Endpoint();
  const config = loadConfig(
    {
      PUBLIC_URL: TEST_ORIGIN,
      LOG_LEVEL: 'silent',
      SIGNUPS_PER_HOUR: '100000',
      CHECK_RESPONSES: 'true',
      // No RTMP listener unless a test asks for one (a fixed port would clash between files).
      RTMP_PORT: '0',
      ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
    },
    {
      dataDir,
      databaseUrl: database?.url,
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      // Each server its own bucket; a second node of the same cluster passes the first's `s3`.
      s3: s3Endpoint ? testS3Settings(s3Endpoint) : undefined,
      ...overrides,
    },
  );
  const redisKeyPrefix =
    serverOptions.redisKeyPrefix ?? `glimpse-test-${randomBytes(4).toString('hex')}`;
  // In memory unless the file asked for a PostgreSQL of its own (`databaseUrl`).
  const pglite = config.databaseUrl ? undefined : await borrowPgliteDatabase(pgliteTestTemplate());
  const server = await createServer(config, {
    sharedDatabase: pglite,
    logger: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
    redisKeyPrefix,
    jobPollingIntervalSeconds: TEST_JOB_POLLING_SECONDS,
    ...serverOptions,
  });
  return {
    ...server,
    config,
    redisKeyPrefix,
    stop: async () => {
      await server.close();
      await database?.release();
      if (pglite) await returnPgliteDatabase(pglite);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another node of `nodeA`'s cluster in this process: its own data dir (nothing on disk shared),
 * the same database (PGlite: the same open handle; PostgreSQL: the same database), Redis prefix
 * and bucket. Blobs reach it only through the shared store, so `nodeA` should be on S3
 * (`startTestServer({ s3: testS3Settings(endpoint) })`) for anything stored to cross over.
 */
export async function startPeerNode(
  nodeA: TestServer,
  overrides: Partial<Config> = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'glimpse-peer-'));
  const config = loadConfig(
    { PUBLIC_URL: TEST_ORIGIN, LOG_LEVEL: 'silent', RTMP_PORT: '0' },
    { ...nodeA.config, dataDir, ...overrides },
  );
  const server = await createServer(config, {
    sharedDatabase: nodeA.ctx.database,
    logger: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
    redisKeyPrefix: nodeA.redisKeyPrefix,
    jobPollingIntervalSeconds: TEST_JOB_POLLING_SECONDS,
  });
  return {
    ...server,
    config,
    redisKeyPrefix: nodeA.redisKeyPrefix,
    stop: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Client {
  cookie: string | undefined;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
}

let ipCounter = 1;
/** A fresh, unique client address: rate limits in one test never leak into another. */
export function uniqueIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** A browser-like client: sends our Origin and keeps the session cookie it is given. */
export function client(server: TestServer, options: { ip?: string; cookie?: string } = {}): Client {
  const ip = options.ip ?? uniqueIp();
  // Cookies other than the session's (a sign-in's pending second step), as a browser keeps them.
  const others = new Map<string, string>();
  const cookieHeader = () =>
    [
      ...(self.cookie ? [`glimpse_session=${self.cookie}`] : []),
      ...[...others].map(([name, value]) => `${name}=${value}`),
    ].join('; ');
  const self: Client = {
    cookie: options.cookie,
    async request(opts) {
      const cookie = cookieHeader();
      const response = await server.app.inject({
        remoteAddress: ip,
        ...opts,
        headers: {
          origin: TEST_ORIGIN,
          ...(cookie ? { cookie } : {}),
          ...opts.headers,
        },
      });
      for (const set of response.cookies) {
        const cleared = set.value === '';
        if (set.name === 'glimpse_session') self.cookie = cleared ? undefined : set.value;
        else if (cleared) others.delete(set.name);
        else others.set(set.name, set.value);
      }
      return response;
    },
    get: (url) => self.request({ method: 'GET', url }),
    post: (url, body) =>
      self.request({
        method: 'POST',
        url,
        ...(body === undefined ? {} : { payload: body as object }),
      }),
    put: (url, body) => self.request({ method: 'PUT', url, payload: body as object }),
    delete: (url) => self.request({ method: 'DELETE', url }),
  };
  return self;
}
