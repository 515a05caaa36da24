import { defineConfig } from 'vitest/config';

// Projects with their own worker limits run as ordered groups: the quick suites first, then the
// API suites (a real server per file), PGlite before PostgreSQL.
const serverProject = {
  extends: './apps/server/vitest.config.ts',
  test: { root: './apps/server', sequence: { groupOrder: 2 } },
};

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
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: './apps/server/vitest.config.ts',
              test: {
                root: './apps/server',
                name: 'server-pg',
                env: { GLIMPSE_TEST_DB: 'postgres' },
                sequence: { groupOrder: 3 },
              },
            },
          ]
        : []),
    ],
  },
});
