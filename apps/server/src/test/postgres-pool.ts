import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { adminQuery } from './database-template.ts';
import {
  emptyTables,
  filledTablesQuery,
  schemaShape,
  type ResetConnection,
} from './table-reset.ts';

/**
 * PostgreSQL databases kept by a test worker from file to file, as pglite-pool.ts keeps PGlite
 * ones: a database a stopped test server hands back is emptied (every row, sequences back to
 * their start) and kept for the next server, instead of a `CREATE DATABASE ... TEMPLATE` and a
 * `DROP` per file (~0.5 s, mostly the server copying and syncing files) and a catalog cache that
 * every new database's first connection builds again. Each live server holds a database of its
 * own. They are named after the run's template, and the run's teardown drops them
 * (`dropKeptDatabases`).
 */

interface Pooled {
  url: string;
  name: string;
  schema: string;
  filledTablesQuery: string;
}

const idle: Pooled[] = [];

/** A kept database as the reset sees it: one client, the simple query protocol for `exec`. */
async function withConnection<T>(
  url: string,
  work: (connection: ResetConnection) => Promise<T>,
): Promise<T> {
  // A server that left a transaction open would hold its locks: the reset gives up and the
  // database is dropped (with force) instead of kept.
  const client = new pg.Client({ connectionString: url, lock_timeout: 5_000 });
  await client.connect();
  try {
    return await work({
      query: async <Row>(text: string) => ({ rows: (await client.query(text)).rows as Row[] }),
      exec: (text) => client.query(text),
    });
  } finally {
    await client.end();
  }
}

/** One statement on the run's admin database. */
function admin(text: string): Promise<void> {
  return adminQuery(process.env.TEST_DATABASE_URL!, text);
}

function urlOf(name: string): string {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Every kept database of a run starts with its template's name. */
function keptPrefix(template: string): string {
  return `${template}_kept_`;
}

export interface BorrowedPostgres {
  url: string;
  /** Empties the database and keeps it for the next server (or drops it if its schema changed). */
  release(): Promise<void>;
}

/** A database for a new test server: an emptied one the worker kept, or a new copy of the template. */
export async function borrowPostgresDatabase(): Promise<BorrowedPostgres> {
  let pooled = idle.pop();
  if (!pooled) {
    const template = inject('postgresTemplate');
    const name = `${keptPrefix(template)}${randomBytes(6).toString('hex')}`;
    await admin(`create database ${name} template ${template}`);
    const url = urlOf(name);
    const [schema, filled] = await withConnection(url, (connection) =>
      Promise.all([schemaShape(connection), filledTablesQuery(connection)]),
    );
    pooled = { url, name, schema, filledTablesQuery: filled };
  }
  const lent = pooled;
  return {
    url: lent.url,
    release: async () => {
      const kept = await withConnection(lent.url, async (connection) => {
        if ((await schemaShape(connection)) !== lent.schema) return false;
        await emptyTables(connection, lent.filledTablesQuery, { vacuum: false });
        return true;
      }).catch(() => false);
      if (kept) idle.push(lent);
      else await admin(`drop database if exists ${lent.name} with (force)`);
    },
  };
}

/** Drops every database the run's workers kept (global-setup.ts, at the end of the run). */
export async function dropKeptDatabases(adminUrl: string, template: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ name: string }>(
      `select datname as name from pg_database where starts_with(datname, $1)`,
      [keptPrefix(template)],
    );
    for (const { name } of rows) await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
