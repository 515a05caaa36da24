/**
 * Emptying a test database so the next test server can start on it as on a fresh copy of the
 * run's template: shared by the PGlite pool (pglite-pool.ts) and the PostgreSQL one
 * (postgres-pool.ts), which keep databases from file to file instead of making one per file.
 */

/** What the reset needs of a connection: PGlite's client, or a `pg` client in an adapter. */
export interface ResetConnection {
  query<Row>(text: string): Promise<{ rows: Row[] }>;
  /** Several statements in one text (the simple query protocol). */
  exec(text: string): Promise<unknown>;
}

/** pg-boss's own tables that its start fills and a server never grows: the queues and the schema version. */
const KEPT_TABLES = new Set(['pgboss.version', 'pgboss.queue']);

/** Tables, columns, functions, triggers and types of the public schema, as one comparable text. */
export async function schemaShape(connection: ResetConnection): Promise<string> {
  const result = await connection.query<{ shape: string }>(`
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
export async function filledTablesQuery(connection: ResetConnection): Promise<string> {
  const result = await connection.query<{ name: string }>(`
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
 * DELETE, not TRUNCATE: a truncated table gets new files (in PGlite's file system, ~100 ms
 * against ~15 ms), and one that others reference takes all of them along. Replica mode sets
 * aside the triggers for this one transaction: foreign keys (every referencing table is emptied
 * too) and the ledger's and the audit log's append-only guards. `vacuum` for PGlite, which has
 * no autovacuum: the deleted rows would otherwise stay in the pages and indexes, file after file.
 */
export async function emptyTables(
  connection: ResetConnection,
  filledQuery: string,
  options: { vacuum: boolean },
): Promise<void> {
  const filled = await connection.query<{ name: string }>(filledQuery);
  const tables = filled.rows.map((row) => row.name);
  await connection.exec(`begin; set local session_replication_role = replica;
    ${tables.map((table) => `delete from ${table};`).join('\n')}
    select setval(format('%I.%I', schemaname, sequencename), start_value, false)
      from pg_sequences where last_value is not null;
    commit;`);
  if (options.vacuum && tables.length > 0) await connection.exec(`vacuum ${tables.join(', ')}`);
}
