import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, pgliteDatabase, type Database } from '../platform/db/database.ts';
import { emptyTables, filledTablesQuery, schemaShape } from './table-reset.ts';

/**
 * In-memory PGlite databases kept by a test worker from file to file (the server project runs
 * with `isolate: false`, so this module lives as long as the worker). Opening one from the run's
 * template costs ~0.6 s of CPU (unpacking into PGlite's file system, instantiating its wasm,
 * recovery), and its catalog caches start cold; a database a stopped test server hands back is
 * emptied instead (every row of every table, sequences back to their start) and kept for the
 * next server. Each live server holds its own database, so two servers of one file never share
 * data, as with a database each.
 */

interface Pooled {
  client: PGlite;
  /** Closes the PGlite for good. */
  close(): Promise<void>;
  /** The public schema's shape when the database was opened: a file that changed it is not reused. */
  schema: string;
  filledTablesQuery: string;
}

const idle: Pooled[] = [];
const lent = new Map<Database, Pooled>();

/** A database for a new test server: an emptied one the worker kept, or a new copy of the template. */
export async function borrowPgliteDatabase(template: Blob | undefined): Promise<Database> {
  let pooled = idle.pop();
  if (!pooled) {
    const opened = await openDatabase({ pgliteTemplate: template });
    if (opened.jobsBackend.kind !== 'pglite') throw new Error('expected PGlite');
    const client = opened.jobsBackend.client;
    pooled = {
      client,
      close: () => opened.close(),
      schema: await schemaShape(client),
      filledTablesQuery: await filledTablesQuery(client),
    };
  }
  // A handle of its own for each server (see pgliteDatabase).
  const database = pgliteDatabase(pooled.client, pooled.close);
  lent.set(database, pooled);
  return database;
}

/**
 * Takes back the database of a server that has stopped: emptied and kept when it is as it was
 * opened, closed when the file closed it or changed the schema.
 */
export async function returnPgliteDatabase(database: Database): Promise<void> {
  const pooled = lent.get(database);
  if (!pooled) return;
  lent.delete(database);
  if (pooled.client.closed) return;
  try {
    if ((await schemaShape(pooled.client)) !== pooled.schema) {
      await pooled.close();
      return;
    }
    await emptyTables(pooled.client, pooled.filledTablesQuery, { vacuum: true });
    idle.push(pooled);
  } catch {
    await pooled.close().catch(() => undefined);
  }
}
