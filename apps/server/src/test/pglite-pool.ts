import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, pgliteDatabase, type Database } from '../platform/db/database.ts';

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

/** pg-boss's own tables that its start fills and a server never grows: the queues and the schema version. */
const KEPT_TABLES = new Set(['pgboss.version', 'pgboss.queue']);

/** Tables, columns, functions, triggers and types of the public schema, as one comparable text. */
async function schemaShape(client: PGlite): Promise<string> {
  const result = await client.query<{ shape: string }>(`
    select concat_ws('|',
      (select string_agg(concat_ws(':', c.relname, c.relkind, c.relnatts), ',' order by c.relname)
         from pg_class c where c.relnamespace = 'public'::regnamespace),
      (select string_agg(p.proname, ',' order by p.proname)
         from pg_proc p where p.pronamespace = 'public'::regnamespace),
      (select string_agg(t.tgname, ',' order by t.tgname)
         from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where c.relnamespace = 'public'::regnamespace),
      (select string_agg(t.typname, ',' order by t.typname)
         from pg_type t where t.typnamespace = 'public'::regnamespace)
    ) as shape`);
  return result.rows[0]!.shape;
}

/** One query naming every table that holds a row: a file writes to few of the ~100 tables. */
async function filledTablesQuery(client: PGlite): Promise<string> {
  const result = await client.query<{ name: string }>(`
    select format('%I.%I', n.nspname, c.relname) as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('public', 'pgboss') and c.relkind in ('r', 'p') and not c.relispartition
     order by 1`);
  return result.rows
    .map((row) => row.name)
    .filter((name) => !KEPT_TABLES.has(name))
    .map((name) => `select '${name}' as name where exists (select from ${name})`)
    .join(' union all ');
}

/**
 * Empties the tables a file wrote to and puts every sequence it drew from back to its start.
 * DELETE, not TRUNCATE: a truncated table gets new files in PGlite's file system, and one that
 * others reference takes all of them along (~100 ms against ~15 ms). Replica mode sets aside the
 * triggers for this one transaction: foreign keys (every referencing table is emptied too) and
 * the ledger's and the audit log's append-only guards.
 */
async function empty(pooled: Pooled): Promise<void> {
  const filled = await pooled.client.query<{ name: string }>(pooled.filledTablesQuery);
  const tables = filled.rows.map((row) => row.name);
  await pooled.client.exec(`begin; set local session_replication_role = replica;
    ${tables.map((table) => `delete from ${table};`).join('\n')}
    select setval(format('%I.%I', schemaname, sequencename), start_value, false)
      from pg_sequences where last_value is not null;
    commit;`);
  // Without autovacuum (PGlite has no background workers) the deleted rows would stay in the
  // tables' pages and indexes, file after file.
  if (tables.length > 0) await pooled.client.exec(`vacuum ${tables.join(', ')}`);
}

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
    await empty(pooled);
    idle.push(pooled);
  } catch {
    await pooled.close().catch(() => undefined);
  }
}
