import { defineConfig } from 'vitest/config';

// API suites start a real server per file; PGlite holds ~500 MB, so two files at a time.
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Builds the migrated database every test server copies (src/test/global-setup.ts).
    globalSetup: ['./src/test/global-setup.ts'],
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
