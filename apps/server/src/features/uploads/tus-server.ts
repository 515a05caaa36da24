import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { MemoryLocker, Server, type DataStore, type Locker } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { Redis } from 'ioredis';
import type { AppContext, DbContext } from '../../platform/context.ts';
import { PeriodicTask } from '../../platform/queue/periodic-task.ts';
import {
  RETRY_AFTER_SECONDS,
  unavailableDependency,
} from '../../platform/errors/dependency-error.ts';
import { checkAccess } from '../access/index.ts';
import { RedisUploadLocker } from './redis-upload-locker.ts';
import { PrefixedS3Store } from './s3-upload-store.ts';
import { sanitizeUploadMetadata } from './upload-metadata.ts';

/** Set by our route from the session, never by the client: tus hooks read the uploader from it. */
export const UPLOADER_HEADER = 'x-glimpse-uploader';
export const UPLOADS_PATH = '/api/uploads';
const EXPIRE_AFTER_MS = 24 * 60 * 60 * 1000;
/** How often a worker node deletes expired unfinished uploads. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Both stores can stream a finished upload back (DataStore does not declare it). */
export type UploadStore = DataStore & { read(id: string): Readable | Promise<Readable> };

export interface TusUploads {
  /** What the access checks of `upload.own` run with. */
  ctx: DbContext;
  server: Server;
  store: UploadStore;
  /** Deletes expired unfinished uploads; started on worker nodes by the routes' plugin. */
  sweeper: PeriodicTask | undefined;
  /** Told about failures tus would answer with a 500; the routes plug in their logger. */
  onInternalError: (error: unknown) => void;
  /** Closes what the uploads opened (the locker's Redis connections). */
  close(): Promise<void>;
}

/**
 * The Node response under tus's web Request (srvx's `runtime.node`), for the one header tus's
 * error mapping cannot set.
 */
function nodeResponseOf(req: Request): ServerResponse | undefined {
  return (req as { runtime?: { node?: { res?: ServerResponse } } }).runtime?.node?.res;
}

/** Whether the user may use the upload (`upload.own`: ids carry their owner, `{userId}-{random}`). */
export async function mayUseUpload(
  ctx: DbContext,
  userId: number,
  uploadId: string,
): Promise<boolean> {
  return (await checkAccess(ctx, userId, 'upload.own', [uploadId])).has(uploadId);
}

/**
 * Where uploads live: the bucket under `uploads/` when S3 is configured (any node can resume
 * any upload), else DATA_DIR/uploads on this node's disk (the embedded, single-node default).
 */
function createStore(config: AppContext['config'], expireAfterMs: number): UploadStore {
  if (config.s3) return new PrefixedS3Store(config.s3, expireAfterMs);
  const directory = path.join(config.dataDir, 'uploads');
  mkdirSync(directory, { recursive: true });
  return new FileStore({ directory, expirationPeriodInMilliseconds: expireAfterMs });
}

/**
 * tus locks an upload for each request on it. With Redis (several nodes) the lock is shared, so
 * a PATCH on node B waits for, and asks to end, one still running on node A; the in-memory
 * locker only sees its own node's requests (docs/deploy-uploads.md).
 */
function createLocker(ctx: Pick<AppContext, 'config' | 'log'>): {
  locker: Locker;
  close(): Promise<void>;
} {
  if (!ctx.config.redisUrl) return { locker: new MemoryLocker(), close: async () => undefined };
  const redis = new Redis(ctx.config.redisUrl);
  const subscriber = redis.duplicate();
  // ioredis reconnects by itself; without a listener each failed attempt is an unhandled event.
  for (const connection of [redis, subscriber])
    connection.on('error', (error) => ctx.log.warn({ err: error }, 'upload lock: Redis error'));
  const locker = new RedisUploadLocker(redis, subscriber, 'glimpse:upload-lock:');
  return { locker, close: () => locker.close() };
}

/**
 * Resumable uploads (tus). An upload belongs to the user who created it; every later request
 * for it must come from that user's session. Unfinished uploads expire after a day (tus answers
 * 410) and a worker node's sweep deletes them.
 */
export function createTusUploads(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  options: { expireAfterMs?: number } = {},
): TusUploads {
  const store = createStore(ctx.config, options.expireAfterMs ?? EXPIRE_AFTER_MS);
  const { locker, close } = createLocker(ctx);
  const hooks: Pick<TusUploads, 'onInternalError'> = { onInternalError: () => undefined };
  const server = new Server({
    path: UPLOADS_PATH,
    datastore: store,
    locker,
    maxSize: ctx.config.storyUploadMaxBytes,
    relativeLocation: true,
    disableTerminationForFinishedUploads: true,
    namingFunction: (req) =>
      `${req.headers.get(UPLOADER_HEADER)}-${randomBytes(16).toString('hex')}`,
    onIncomingRequest: async (req, uploadId) => {
      const uploader = req.headers.get(UPLOADER_HEADER);
      if (!uploader) throw { status_code: 401, body: '{"err_key":"unauthenticated"}\n' };
      const mayUse =
        req.method === 'POST' ||
        req.method === 'OPTIONS' ||
        (/^\d+$/.test(uploader) && (await mayUseUpload(ctx, Number(uploader), uploadId)));
      if (!mayUse) throw { status_code: 404, body: '{"err_key":"upload_not_found"}\n' };
    },
    onUploadCreate: async (_req, upload) => ({ metadata: sanitizeUploadMetadata(upload.metadata) }),
    // tus answers an unexpected failure with a 500 whose body carries the internal message.
    // An outage (Redis holding the lock, the bucket, the database) is a 503 to retry, like
    // every other route's (platform/http/error-handler.ts).
    onResponseError: (req, error) => {
      const status = 'status_code' in error ? error.status_code : undefined;
      if (status !== undefined && status < 500) return undefined;
      if (unavailableDependency(error)) {
        nodeResponseOf(req)?.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
        return { status_code: 503, body: '{"err_key":"service_unavailable"}\n' };
      }
      hooks.onInternalError(error);
      return { status_code: 500, body: '{"err_key":"internal_error"}\n' };
    },
  });
  const sweeper =
    ctx.config.role === 'api'
      ? undefined
      : new PeriodicTask(ctx.log, 'upload sweep', SWEEP_INTERVAL_MS, () =>
          server.cleanUpExpiredUploads(),
        );
  return Object.assign(hooks, { ctx: { db: ctx.db }, server, store, sweeper, close });
}
