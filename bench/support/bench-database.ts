// The throwaway PostgreSQL database each bench makes on the server named by BENCH_DATABASE_URL or
// TEST_DATABASE_URL (an admin URL). BENCH_DB_NAME renames it: two checkouts benching on one
// PostgreSQL need different names, since each drops its database at start.
import pg from 'pg';

export const benchAdminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

/** BENCH_DB_NAME, or the bench's own default name. */
export const benchDbName = (fallback: string): string => process.env.BENCH_DB_NAME ?? fallback;

async function admin(sqlText: string): Promise<void> {
  const client = new pg.Client({ connectionString: benchAdminUrl });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

export async function dropBenchDatabase(name: string): Promise<void> {
  await admin(`drop database if exists ${name} with (force)`);
}

/** Drops `name` (with whatever a crashed run left in it), creates it, answers its URL. */
export async function recreateBenchDatabase(name: string): Promise<string> {
  await dropBenchDatabase(name);
  await admin(`create database ${name}`);
  const url = new URL(benchAdminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
