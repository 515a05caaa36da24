import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { QueueOptions } from 'pg-boss';
import pino from 'pino';
import type { Config } from './platform/config/config.ts';
import type { AppContext } from './platform/context.ts';
import { openDatabase, type Database } from './platform/db/database.ts';
import { buildHttpApp } from './platform/http/app.ts';
import { healthRoutes } from './platform/http/health-route.ts';
import { OutboxRelay } from './platform/outbox/outbox-relay.ts';
import { PgBossJobRunner } from './platform/queue/pg-boss-job-runner.ts';
import { FailSoftRateLimiter } from './platform/rate-limit/fail-soft-rate-limiter.ts';
import {
  MemoryRateLimiter,
  RedisRateLimiter,
  type RateLimiter,
} from './platform/rate-limit/rate-limiter.ts';
import { SocketHub } from './platform/realtime/socket-hub.ts';
import { createBlobStore } from './platform/storage/create-blob-store.ts';
import { MediaSigner } from './platform/storage/media-signer.ts';
import {
  CopyrightRestorer,
  createLive,
  registerJobs,
  registerRealtime,
  featureRoutes,
} from './features/index.ts';
import { UpgradeRouter } from './platform/http/upgrade-router.ts';
import { userIdForToken } from './features/auth/auth.service.ts';
import { SESSION_COOKIE } from './features/auth/session-token.ts';
import { ensureReferenceData } from './features/reference/reference.service.ts';
import { StorySweeper } from './features/stories/index.ts';
import {
  EarningsReleaser,
  SubscriptionEndingNotifier,
  SubscriptionSweeper,
} from './features/money/index.ts';
import { ExportSweeper } from './features/exports/index.ts';
import { DigestSweeper } from './features/notifications/email/index.ts';
import { AccountEraser } from './features/account-deletion/index.ts';
import { SuspensionSweeper } from './features/users/index.ts';

export interface GlimpseServer {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

export interface CreateServerOptions {
  /** Benchmarks: an in-memory PGlite instead of DATA_DIR/db, so disk speed does not count. */
  inMemoryDatabase?: boolean;
  /**
   * Test harness: a second node in the same process borrows the first one's open database (an
   * in-memory PGlite cannot be opened twice); close() leaves it open for its owner.
   */
  sharedDatabase?: Database;
  logger?: FastifyBaseLogger;
  /** Prefix for Redis keys, so parallel test runs never share counters. */
  redisKeyPrefix?: string;
  jobPollingIntervalSeconds?: number;
  /** Tests shorten the retry policy (see RETRY_POLICY) to reach a job's final attempt quickly. */
  jobQueueOptions?: QueueOptions;
  /** How long close() lets requests in flight finish before it cuts their connections. */
  shutdownGraceMs?: number;
}

/**
 * A response a client stopped reading (a paused video download) or a request whose body never
 * finishes keeps its connection busy, and closing the HTTP server waits for every busy one: a
 * shutdown could hang for minutes. Requests get this long, then their connections are cut.
 */
const SHUTDOWN_GRACE_MS = 5_000;

/** Wires platform and features into one process (`ROLE` decides whether workers run). */
export async function createServer(
  config: Config,
  options: CreateServerOptions = {},
): Promise<GlimpseServer> {
  const log =
    options.logger ??
    // Written asynchronously: a synchronous write per line blocks the event loop whenever stdout
    // is slow (a pipe to a log shipper, a terminal). pino flushes what is pending at exit.
    (pino(
      { level: config.logLevel },
      pino.destination({ sync: false }),
    ) as unknown as FastifyBaseLogger);
  const database =
    options.sharedDatabase ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: options.inMemoryDatabase ? undefined : path.join(config.dataDir, 'db'),
    }));
  // A command waits for a lost connection through one reconnect attempt, then fails, and never
  // longer than the timeout: a Redis outage answers at once instead of hanging requests.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, commandTimeout: 2_000 })
    : undefined;
  // Without a listener ioredis prints every failed reconnect; the health route reports the state.
  redis?.on('error', () => undefined);
  const limiter: RateLimiter = redis
    ? new FailSoftRateLimiter(
        new RedisRateLimiter(redis, `${options.redisKeyPrefix ?? 'glimpse'}:rl:`),
        log,
      )
    : new MemoryRateLimiter();
  const realtime = new SocketHub();
  const jobs = new PgBossJobRunner(database, {
    runWorkers: config.role !== 'api',
    log,
    pollingIntervalSeconds: options.jobPollingIntervalSeconds,
    queueOptions: options.jobQueueOptions,
  });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    limiter,
    blobs: await createBlobStore(config),
    mediaSigner: new MediaSigner(config.secret),
    jobs,
    realtime,
    log,
  };

  await ensureReferenceData(ctx);
  registerJobs(ctx);
  const stopRealtime = registerRealtime(ctx);
  const live = createLive(ctx);
  await jobs.start();
  const app = await buildHttpApp(ctx, [healthRoutes(ctx, { redis }), ...featureRoutes(ctx)]);
  // WebSockets outside socket.io (the live ingest); socket.io leaves other paths to it.
  const upgrades = new UpgradeRouter();
  for (const route of live.upgradeRoutes) upgrades.add(route);
  upgrades.attach(app.server);
  realtime.attach(app.server, {
    allowedOrigin: config.publicOrigin,
    sessionCookie: SESSION_COOKIE,
    redisUrl: config.redisUrl,
    redisChannelPrefix: `${options.redisKeyPrefix ?? 'glimpse'}:socket.io`,
    trustedProxies: config.trustedProxies,
    authenticate: (token) => userIdForToken(ctx, token),
  });
  await app.ready();
  // Targets are read through ctx at delivery time, so a test can swap in a failing runner.
  // Payloads were type-checked by name when queued (EffectQueue); the table stores them as json.
  const outbox = new OutboxRelay(
    database.db,
    {
      enqueue: (name, payload, jobOptions) => ctx.jobs.enqueue(name, payload as never, jobOptions),
      toUser: (userId, event, payload) => ctx.realtime.toUser(userId, event, payload as never),
      toRooms: (rooms, event, payload) => ctx.realtime.toRooms(rooms, event, payload as never),
      recheckRoomAccess: (scope) => ctx.realtime.recheckRoomAccess(scope),
    },
    { log, releaseClaimsAtStart: database.kind === 'pglite' },
  );
  await outbox.start();
  const sweeper = config.role === 'api' ? undefined : new StorySweeper(ctx);
  sweeper?.start();
  // Moves creators' held earnings to withdrawable after EARNINGS_HOLD_DAYS.
  const releaser = config.role === 'api' ? undefined : new EarningsReleaser(ctx);
  releaser?.start();
  // Renews or ends subscription periods as they run out.
  const renewals = config.role === 'api' ? undefined : new SubscriptionSweeper(ctx);
  renewals?.start();
  // Tells subscribers ahead of time that a subscription which will not renew ends.
  const endingNotices = config.role === 'api' ? undefined : new SubscriptionEndingNotifier(ctx);
  endingNotices?.start();
  // Deletes expired data export archives; fails exports whose job was lost.
  const exportSweeper = config.role === 'api' ? undefined : new ExportSweeper(ctx);
  exportSweeper?.start();
  // Erases accounts ACCOUNT_DELETION_DAYS after their owners asked.
  const eraser = config.role === 'api' ? undefined : new AccountEraser(ctx);
  eraser?.start();
  // Sends each user's daily notification digest after its local hour.
  const digests = config.role === 'api' ? undefined : new DigestSweeper(ctx);
  digests?.start();
  // Restores countered copyright notices' stories once their ten business days are over.
  const copyrightRestorer = config.role === 'api' ? undefined : new CopyrightRestorer(ctx);
  copyrightRestorer?.start();
  // Lifts timed suspensions once their end has passed (issue 29).
  const suspensions = config.role === 'api' ? undefined : new SuspensionSweeper(ctx);
  suspensions?.start();
  // Live streams: viewer counts, the browser ingest's sessions, and on workers the sweeper.
  await live.start();

  return {
    app,
    ctx,
    close: async () => {
      // Sockets first: an open WebSocket would keep the HTTP server's close waiting.
      await realtime.close();
      await live.stop();
      await stopRealtime();
      const cutConnections = setTimeout(
        () => app.server.closeAllConnections(),
        options.shutdownGraceMs ?? SHUTDOWN_GRACE_MS,
      );
      await app.close();
      clearTimeout(cutConnections);
      await sweeper?.stop();
      await releaser?.stop();
      await renewals?.stop();
      await endingNotices?.stop();
      await exportSweeper?.stop();
      await eraser?.stop();
      await digests?.stop();
      await suspensions?.stop();
      await copyrightRestorer?.stop();
      await outbox.stop();
      await jobs.stop();
      await redis?.quit().catch(() => undefined);
      if (!options.sharedDatabase) await database.close();
    },
  };
}
