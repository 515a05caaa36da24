import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './database.ts';

const statements = new WeakMap<DbOrTx, Map<string, unknown>>();

/**
 * A hot read built once per database handle: drizzle's query building is a large share of a
 * cheap request's CPU (issue 8), so `build` runs once and returns `.prepare(name)`d query. On
 * PostgreSQL the name also makes each pooled connection parse the statement only once; the name
 * must therefore always stand for the same SQL text. A transaction handle gets its own copy,
 * built on first use inside that transaction, so reads in a transaction stay on its connection.
 * With placeholders use `= any(...)`, never inArray (docs/footguns.md).
 */
export function prepared<T>(db: DbOrTx, name: string, build: (db: DbOrTx) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    byName.set(name, statement);
  }
  return statement;
}

const dialect = new PgDialect();

/**
 * A hand-written statement, turned into SQL text once and run by `name` on any handle: unlike
 * `prepared`, a transaction pays nothing to build it, so it suits writes inside `inTransaction`
 * (on PostgreSQL each connection still parses it once). `statement` takes its values from
 * `sql.placeholder(key)`s; cast each one (`${sql.placeholder('id')}::int`), since a value in a
 * select list or CTE has no column to take its type from. Rows come back as the driver reads
 * them: bigint as string or number, timestamps as strings (`new Date(value)`).
 */
export function namedStatement<Row>(
  name: string,
  statement: SQL,
): (db: DbOrTx, values: Record<string, unknown>) => Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  return async (db, values) => {
    const result = (await db._.session
      .prepareQuery(query, undefined, name, false)
      .execute(values)) as { rows: Row[] };
    return result.rows;
  };
}
