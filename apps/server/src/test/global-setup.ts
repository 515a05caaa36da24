import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildPgliteTemplate, buildPostgresTemplate } from './database-template.ts';
import { dropKeptDatabases } from './postgres-pool.ts';
import { startS3TestServer } from './s3-test-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding the PGlite template's tarball (server project). */
    pgliteTemplateFile: string;
    /** Name of the PostgreSQL template database (server-pg project). */
    postgresTemplate: string;
    /** The S3-compatible server every test server's bucket lives on (GLIMPSE_TEST_STORE=s3). */
    s3Endpoint: string;
  }
}

/**
 * Once per server project and run: the migrated database every test server copies, and with
 * GLIMPSE_TEST_STORE=s3 the S3-compatible server (s3rver) their blobs go to. At the end, the
 * PostgreSQL databases the workers kept (postgres-pool.ts) go.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const s3 =
    project.config.env?.GLIMPSE_TEST_STORE === 's3' ? await startS3TestServer() : undefined;
  if (s3) project.provide('s3Endpoint', s3.endpoint);
  if (project.config.env?.GLIMPSE_TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
    const template = await buildPostgresTemplate(adminUrl);
    project.provide('postgresTemplate', template.name);
    return async () => {
      await dropKeptDatabases(adminUrl, template.name);
      await template.drop();
      await s3?.close();
    };
  }
  const file = path.join(tmpdir(), `glimpse-pglite-template-${process.pid}.tar`);
  writeFileSync(file, await buildPgliteTemplate());
  project.provide('pgliteTemplateFile', file);
  return async () => {
    rmSync(file, { force: true });
    await s3?.close();
  };
}
