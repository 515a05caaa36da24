import { randomBytes } from 'node:crypto';
import pino from 'pino';
import pg from 'pg';
import { openDatabase, type Database } from '../platform/db/database.ts';
import { PgBossJobRunner } from '../platform/queue/pg-boss-job-runner.ts';

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

/** An in-memory PGlite, migrated, as an uncompressed tarball of its data directory. */
export async function buildPgliteTemplate(): Promise<Uint8Array> {
  const database = await openDatabase({});
  try {
    await installJobSchema(database);
    if (database.jobsBackend.kind !== 'pglite') throw new Error('expected PGlite');
    const dump = await database.jobsBackend.client.dumpDataDir('none');
    return new Uint8Array(await dump.arrayBuffer());
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

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
