import { rmSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './support/chromium-args.ts';
import { journeyServer, journeyWebDir } from './support/journey-server.ts';
import { traceMode } from './support/trace-mode.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/glimpse-e2e-${process.pid}`;
const server = journeyServer(port, dataDir);
// Both go once the run is over (the data dir holds about 50 MB of database and media): only in
// the runner process, which stops the webServer before it exits (workers load this file too).
if (process.env.TEST_WORKER_INDEX === undefined) {
  process.once('exit', () => {
    if (!process.env.E2E_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    rmSync(journeyWebDir(dataDir), { recursive: true, force: true });
  });
}

/**
 * Journeys against the built app (`npm run build` first) in Debian's Chromium. The server runs
 * on a fresh data directory with the demo seed, exactly as `npm start` would.
 */
export default defineConfig({
  testDir: './tests',
  // Every test makes its own users (or signs in as its own demo account), so they run in any order.
  fullyParallel: true,
  // Three at a time on two cores: a journey waits on the server, timers and media part of the
  // time (two left the cores ~24% idle; three: 188 s against 226 s, no flaky test).
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: server.baseURL,
    trace: traceMode,
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  webServer: {
    command: server.command,
    url: server.url,
    // run-suites.ts (`npm test -w e2e`) starts this server ahead, while the screenshot suite runs,
    // and sets E2E_SERVER_STARTED once it answers; run alone, the config starts its own.
    reuseExistingServer: process.env.E2E_SERVER_STARTED === '1',
    // The demo seed takes about 30 s on a quiet 2-core machine and over 2 minutes on a loaded one.
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: server.env,
  },
});
