import { randomBytes } from 'node:crypto';
import pino from 'pino';
import pg from 'pg';
import { openDatabase, type Database } from '../platform/db/database.ts';
import { PgBossJobRunner } from '../platform/queue/pg-boss-job-runner.ts';
import { filterUstar } from './ustar.ts';

/**
 * A migrated database that test servers start from, made once per test run (global-setup.ts):
 * initdb, every migration and pg-boss's schema cost PGlite about three seconds per server and
 * PostgreSQL about one, and an API suite starts a server per file.
 */

/** Brings a freshly opened (so migrated) database to what a server needs before its first job. */
async function installJobSchema(database: Database): Promise<void> {
  const runner = new PgBossJobRunner(database, {
    runWorkers: false,
    log: pino({ level: 'silent' }),
  });
  await runner.start();
  await runner.stop();
}

/** WAL pages are this long (PostgreSQL's XLOG_BLCKSZ, which PGlite keeps). */
const WAL_PAGE = 8192;
const WAL_SEGMENT_FILE = /^\/pg_wal\/[0-9A-F]{24}$/;

/**
 * An in-memory PGlite, migrated, as an uncompressed tarball of its data directory, cut down to
 * what a server starting from it reads: every test server unpacks the whole tarball (in PGlite's
 * JavaScript file system) and then recovers from its WAL, so each megabyte costs every file.
 * - The migrations' WAL (10 MB, then recycled into a 16 MB segment) is not needed once a
 *   checkpoint follows it: a switch to a new segment and a checkpoint leave one segment with only
 *   the checkpoint's record in it, kept up to that record's page and one empty page after it (the
 *   end of the WAL as recovery finds it); PostgreSQL zero-fills the segment's rest as it writes.
 * - template0 and template1 (a third of the files): PGlite's one backend only ever opens its own
 *   database, and nothing in a test creates another.
 * About 45 MB -> 12 MB and 0.25 s less CPU per test server (issue 26).
 */
export async function buildPgliteTemplate(): Promise<Uint8Array> {
  const database = await openDatabase({});
  try {
    await installJobSchema(database);
    if (database.jobsBackend.kind !== 'pglite') throw new Error('expected PGlite');
    const client = database.jobsBackend.client;
    await client.query('select pg_switch_wal()');
    await client.exec('checkpoint');
    const wal = await client.query<{ file: string }>(
      'select pg_walfile_name(pg_current_wal_lsn()) as file',
    );
    const currentSegment = `/pg_wal/${wal.rows[0]!.file}`;
    const others = await client.query<{ oid: number }>(
      'select oid::int from pg_database where datname <> current_database()',
    );
    const otherDatabases = others.rows.map((row) => `/base/${row.oid}/`);
    const dump = new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
    let segmentKept = false;
    const trimmed = filterUstar(dump, ({ name, data }) => {
      if (otherDatabases.some((dir) => name.startsWith(dir))) return false;
      if (!WAL_SEGMENT_FILE.test(name)) return true;
      if (name !== currentSegment) return false;
      segmentKept = true;
      let end = data.length;
      while (end > 0 && data[end - 1] === 0) end -= 1;
      return data.subarray(0, Math.min(data.length, (Math.ceil(end / WAL_PAGE) + 1) * WAL_PAGE));
    });
    if (!segmentKept) throw new Error(`the dump has no ${currentSegment}`);
    return trimmed;
  } finally {
    await database.close();
  }
}

/** A PostgreSQL database, migrated, that `createThrowawayDatabase` copies with `TEMPLATE`. */
export async function buildPostgresTemplate(
  adminUrl: string,
): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `glimpse_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    await installJobSchema(database);
  } finally {
    await database.close();
  }
  return { name, drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`) };
}

/** One statement on the server's admin database (CREATE and DROP DATABASE). */
export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
