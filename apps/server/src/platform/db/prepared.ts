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
