import { defineConfig } from 'vitest/config';
import { moduleMockingSuites } from './apps/server/vitest.config.ts';

// Projects with their own worker limits run as ordered groups: the quick suites first, then the
// API suites (a real server per file), PGlite before PostgreSQL.
const serverProject = {
  extends: './apps/server/vitest.config.ts',
  test: { root: './apps/server', sequence: { groupOrder: 2 } },
};

/**
 * Server suites that never open a database (media tools, pure rules, config parsing): the
 * PostgreSQL run leaves them out, since they would only repeat the first run.
 */
const databaseFreeSuites = [
  'src/platform/media-tools/**',
  'src/platform/http/{access-log,response-serializer,sandbox-signature}.test.ts',
  'src/platform/errors/**',
  'src/platform/rate-limit/**',
  'src/platform/db/data-dir-lock.test.ts',
  'src/features/access/permissions/**',
  'src/features/**/*-config.test.ts',
  'src/features/**/{price-rules,ledger-rules,demo-categories,ondato-identity}.test.ts',
  'src/features/**/*.presenter.test.ts',
];

/**
 * One runner for every unit, component and API suite (the browser journeys live in e2e/).
 * With TEST_DATABASE_URL set, the server suites run a second time against PostgreSQL.
 */
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/web',
      serverProject,
      {
        test: {
          root: './apps/server',
          name: 'server-mocks',
          include: moduleMockingSuites,
          environment: 'node',
          pool: 'forks',
          maxWorkers: 2,
          testTimeout: 30_000,
          sequence: { groupOrder: 2 },
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: './apps/server/vitest.config.ts',
              test: {
                root: './apps/server',
                name: 'server-pg',
                exclude: databaseFreeSuites,
                env: { GLIMPSE_TEST_DB: 'postgres' },
                sequence: { groupOrder: 3 },
              },
            },
          ]
        : []),
    ],
  },
});
