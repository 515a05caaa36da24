import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../../db/schema/index.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { initPgliteDir, pgliteStartParams } from './pglite-init.ts';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; services pass it to repositories so one commit covers a whole write. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface SqlResult<Row> {
  rows: Row[];
}

/** The database the process runs on: drizzle for the app, raw SQL for pg-boss and benchmarks. */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  executeSql<Row = Record<string, unknown>>(
    text: string,
    values?: unknown[],
  ): Promise<SqlResult<Row>>;
  /** What the job runner connects through: the same PGlite handle, or its own pool. */
  jobsBackend: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; connectionString: string };
  close(): Promise<void>;
}

function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // Bundled build: dist/migrations beside main.js; source: src/db/migrations.
  const candidates = [path.join(here, 'migrations'), path.resolve(here, '../../db/migrations')];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`No migrations folder found (looked in ${candidates.join(', ')})`);
  return found;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite directory; undefined means an in-memory database (tests). */
  pgliteDir?: string | undefined;
  /**
   * Tests: an in-memory PGlite starts from this dump of an already migrated database
   * (`dumpDataDir`) instead of running initdb and every migration again (test/database-template.ts).
   */
  pgliteTemplate?: Blob | undefined;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.pgliteDir, options.pgliteTemplate);
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // A database that does not answer (restarting, unreachable) fails a request after this
    // instead of holding it: the HTTP layer answers 503 with Retry-After. It also bounds the wait
    // for a free pooled connection, so it is generous: a busy node queues rather than refuses.
    connectionTimeoutMillis: 10_000,
    // On small machines parallel plans and JIT cost more than they save (docs/footguns.md).
    // Sent as startup parameters: a query issued from the pool's 'connect' event would race the
    // caller's first query on that client.
    options: '-c jit=off -c max_parallel_workers_per_gather=0',
  });
  // An idle client whose connection drops (server restart, network) emits here; without a
  // listener that would crash the process. The pool discards it and reconnects on next use.
  pool.on('error', () => undefined);
  // A client checked out of the pool (a transaction) has no pool listener: if the server goes
  // away meanwhile (a restart), its 'error' event would end the process. Its query fails
  // anyway, and the pool drops the broken client when it comes back.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg(pool, { schema });
  try {
    await migrateUnderLock(pool, db);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    kind: 'postgres',
    db,
    jobsBackend: { kind: 'postgres', connectionString },
    executeSql: async (text, values) => {
      const result = await pool.query(text, values as unknown[]);
      return { rows: result.rows };
    },
    close: () => pool.end(),
  };
}

/**
 * API and worker nodes may start together; drizzle's migrator is not safe to run concurrently
 * (both create its schema and tables), so one node migrates while the others wait on a session
 * advisory lock, then find nothing left to do. A crashed holder's lock dies with its connection.
 */
async function migrateUnderLock(pool: pg.Pool, db: Db): Promise<void> {
  const lockHolder = await pool.connect();
  try {
    await lockHolder.query("select pg_advisory_lock(hashtext('glimpse.migrations'))");
    try {
      await migratePg(db, { migrationsFolder: migrationsFolder() });
    } finally {
      await lockHolder.query("select pg_advisory_unlock(hashtext('glimpse.migrations'))");
    }
  } finally {
    lockHolder.release();
  }
}

async function openPglite(dir: string | undefined, template?: Blob): Promise<Database> {
  let unlock: () => void = () => undefined;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    unlock = lockDataDir(`${dir}.lock`);
  }
  try {
    if (dir) await initPgliteDir(dir);
    // pg_trgm backs the typo-tolerant search (migration 0014 creates it); PostgreSQL ships it in contrib.
    const client = new PGlite({
      dataDir: dir,
      startParams: pgliteStartParams(),
      extensions: { pg_trgm },
      ...(template && !dir ? { loadDataDir: template } : {}),
    });
    await client.waitReady;
    await migratePglite(drizzlePglite(client, { schema }), {
      migrationsFolder: migrationsFolder(),
    });
    return pgliteDatabase(client, async () => {
      await client.close();
      unlock();
    });
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * A `Database` over an open PGlite. Each call makes a new drizzle handle: what is kept per
 * database handle (a message batcher, an outbox relay) belongs to the server that made it, so a
 * test worker that hands one PGlite to server after server gives each its own.
 */
export function pgliteDatabase(client: PGlite, close: () => Promise<void>): Database {
  return {
    kind: 'pglite',
    db: drizzlePglite(client, { schema }) as unknown as Db,
    jobsBackend: { kind: 'pglite', client },
    executeSql: async <Row>(text: string, values?: unknown[]) => {
      // Parameterless text may hold several statements (pg-boss migrations); exec runs those.
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Row[] };
      }
      const result = await client.query<Row>(text, values);
      return { rows: result.rows };
    },
    close,
  };
}
