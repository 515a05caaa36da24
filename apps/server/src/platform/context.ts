import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/config.ts';
import type { Database, Db, DbOrTx } from './db/database.ts';
import type { RateLimiter } from './rate-limit/rate-limiter.ts';
import type { BlobStore } from './storage/blob-store.ts';
import type { MediaSigner } from './storage/media-signer.ts';
import type { JobRunner } from './queue/job-runner.ts';
import type { RealtimeEmitter } from './realtime/realtime-emitter.ts';

/** The platform services every feature receives; built once in main.ts (or by the test harness). */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  limiter: RateLimiter;
  blobs: BlobStore;
  mediaSigner: MediaSigner;
  jobs: JobRunner;
  realtime: RealtimeEmitter;
  log: FastifyBaseLogger;
}

/**
 * What a service needs to read or write the database; a service running inside a transaction
 * passes `{ db: tx }`, so the same function serves both.
 */
export type DbContext = { db: DbOrTx };
