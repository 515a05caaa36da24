import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { adminQuery } from './database-template.ts';

/**
 * The API suites run on PGlite by default and, when the `server-pg` project runs with
 * TEST_DATABASE_URL set, on PostgreSQL: a test server on a database its worker keeps between
 * files (postgres-pool.ts), a suite that needs one of its own on a throwaway copy (below).
 */
export function usePostgres(): boolean {
  return process.env.GLIMPSE_TEST_DB === 'postgres';
}

export async function createThrowawayDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
  const name = `glimpse_test_${randomBytes(6).toString('hex')}`;
  // A copy of the run's migrated template (global-setup.ts), or empty outside the test runner.
  const template = inject('postgresTemplate');
  await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

let pgliteTemplate: Blob | undefined;
/** The run's migrated PGlite (global-setup.ts), read once per worker; undefined without one. */
export function pgliteTestTemplate(): Blob | undefined {
  const file = inject('pgliteTemplateFile');
  if (!file) return undefined;
  pgliteTemplate ??= new Blob([readFileSync(file)]);
  return pgliteTemplate;
}
