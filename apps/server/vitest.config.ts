import { defineConfig } from 'vitest/config';

/**
 * Suites that replace modules with `vi.mock`: they need a module graph of their own, so they run
 * isolated in the `server-mocks` project (../../vitest.config.ts) and the shared ones skip them.
 */
export const moduleMockingSuites = [
  'src/platform/media-tools/{audio,video-hardening}.test.ts',
  'src/platform/rate-limit/rate-limiter.test.ts',
];

// API suites start a real server per file (PGlite holds ~500 MB). Three files at a time on two
// cores: a file spends part of its time waiting (timers, sockets, ffmpeg), which a third fills; on
// this 2-core VM the server project took 357 s with three against 427 s with two.
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: moduleMockingSuites,
    environment: 'node',
    pool: 'forks',
    // A worker keeps its module graph (and PGlite's compiled wasm) from file to file: importing
    // the server again for every file cost more than most suites' tests. Each file still starts
    // its own server on its own database, so no state passes between files.
    isolate: false,
    // Builds the migrated database every test server copies (src/test/global-setup.ts); removes
    // the run's media fixtures at its end (src/test/fixture-cache.ts).
    globalSetup: ['./src/test/global-setup.ts', './src/test/fixture-cache.setup.ts'],
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
