import { defineConfig } from 'vitest/config';

// API suites start a real server per file; PGlite holds ~500 MB, so two files at a time.
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
