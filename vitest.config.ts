import { defineConfig } from 'vitest/config';
import { moduleMockingSuites } from './apps/server/vitest.config.ts';
import { moduleMockingSuites as webModuleMockingSuites } from './apps/web/vitest.config.ts';
import { SlowSuitesFirst } from './scripts/slow-suites-first.ts';

// The AWS SDK warns once per process that its 2027 releases need Node 22 (docs/deploy.md says so
// for operators); in the test workers and the servers they spawn it is only noise.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

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
  'src/platform/http/{access-log,response-serializer,sandbox-signature,request-country}.test.ts',
  'src/platform/errors/**',
  'src/platform/rate-limit/**',
  'src/platform/db/data-dir-lock.test.ts',
  'src/features/access/permissions/**',
  'src/features/**/*-config.test.ts',
  'src/features/**/{price-rules,ledger-rules,demo-categories,ondato-identity,password}.test.ts',
  'src/features/**/*.presenter.test.ts',
  // The fault suites start their own PostgreSQL, Redis and s3rver: a second run repeats them.
  'src/test/faults/**',
  // How the in-memory test databases are kept between files: PGlite only.
  'src/test/pglite-pool.test.ts',
  'src/test/fixture-cache.test.ts',
];

/**
 * One runner for every unit, component and API suite (the browser journeys live in e2e/).
 * With TEST_DATABASE_URL set, the server suites run a second time against PostgreSQL.
 */
export default defineConfig({
  test: {
    sequence: { sequencer: SlowSuitesFirst },
    projects: [
      'packages/contract',
      {
        extends: './apps/web/vitest.config.ts',
        test: {
          root: './apps/web',
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: webModuleMockingSuites,
          // A worker keeps its jsdom and module graph from file to file: building them again for
          // every file cost more than most files' tests. setup.ts clears the DOM, mocks, stubs
          // and storage after every test, so what one file leaves behind never reaches the next.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: './apps/web/vitest.config.ts',
        test: {
          root: './apps/web',
          name: 'web-mocks',
          include: webModuleMockingSuites,
          sequence: { groupOrder: 1 },
        },
      },
      serverProject,
      {
        test: {
          root: './apps/server',
          name: 'server-mocks',
          include: moduleMockingSuites,
          environment: 'node',
          pool: 'forks',
          globalSetup: ['./src/test/fixture-cache.setup.ts'],
          // A group's projects share one worker limit (vitest refuses two in one group). With the
          // web suites, whose timers leave a core idle part of the time, which these suites' ffmpeg
          // runs (the voice suite's ~40 s) fill: the first group took 2 s longer, the API group ~40 s
          // of file time less.
          maxWorkers: 3,
          testTimeout: 30_000,
          sequence: { groupOrder: 1 },
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
                // The second run also keeps every blob in S3 (s3rver, started by global-setup).
                env: { GLIMPSE_TEST_DB: 'postgres', GLIMPSE_TEST_STORE: 's3' },
                sequence: { groupOrder: 3 },
              },
            },
          ]
        : []),
    ],
  },
});
