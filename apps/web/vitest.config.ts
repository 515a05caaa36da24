import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));
const TEST_FILE = /\.test\.tsx?$/;

/**
 * Suites that need a module graph of their own, so they run isolated in the `web-mocks` project
 * (../../vitest.config.ts): those that replace modules with `vi.mock` (a mocked module must not
 * leak into the next file), found by reading the files so a new one lands on the right side by
 * itself, and those that read state a module keeps for the page's lifetime which
 * src/test/setup.ts cannot put back between files (the languages i18next has loaded: the first
 * switch to German).
 */
const FIRST_LOAD_SUITES = ['src/i18n/languages.test.ts'];
export const moduleMockingSuites = [
  ...readdirSync(path.join(root, 'src'), { recursive: true })
    .map(String)
    .filter((file) => TEST_FILE.test(file))
    .filter((file) =>
      /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path.join(root, 'src', file), 'utf8')),
    )
    .map((file) => `src/${file}`),
  ...FIRST_LOAD_SUITES,
];

/**
 * What both web projects share; ../../vitest.config.ts makes the `web` project (every other
 * suite, one jsdom and module graph per worker) and the isolated `web-mocks` project from it.
 */
export default defineConfig({
  plugins: [react()],
  resolve: {
    // The app's bundle takes tus-js-client's browser build (XMLHttpRequest, localStorage), which
    // the upload tests run over a fake tus server; Node's resolution would pick its Node build.
    alias: [{ find: /^tus-js-client$/, replacement: 'tus-js-client/lib.esm/browser/index.js' }],
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Three files at a time on two cores: screen tests wait on timers and user-event's delays part
    // of the time (two left ~40% of the cores idle; 69 s against 75 s for the first group).
    maxWorkers: 3,
    // Screen tests type into real forms with user-event, which is slow on a loaded 2-core runner.
    testTimeout: 20_000,
  },
});
