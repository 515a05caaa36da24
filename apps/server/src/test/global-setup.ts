import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildPgliteTemplate, buildPostgresTemplate } from './database-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding the PGlite template's tarball (server project). */
    pgliteTemplateFile: string;
    /** Name of the PostgreSQL template database (server-pg project). */
    postgresTemplate: string;
  }
}

/** Once per server project and run: the migrated database every test server copies. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.GLIMPSE_TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
    const template = await buildPostgresTemplate(adminUrl);
    project.provide('postgresTemplate', template.name);
    return template.drop;
  }
  const file = path.join(tmpdir(), `glimpse-pglite-template-${process.pid}.tar`);
  writeFileSync(file, await buildPgliteTemplate());
  project.provide('pgliteTemplateFile', file);
  return async () => rmSync(file, { force: true });
}
