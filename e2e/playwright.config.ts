import { rmSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './support/chromium-args.ts';
import { traceMode } from './support/trace-mode.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
// localhost, not 127.0.0.1: passkeys need a domain for their relying party (WebAuthn refuses an
// IP address), and the server takes PUBLIC_URL as that.
const baseURL = `http://localhost:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/glimpse-e2e-${process.pid}`;
// The server serves a private copy of the built web app, so a rebuild of apps/web/dist during the
// run (another terminal, `npm run dev`) cannot swap the hashed chunks under the open pages.
const webDir = `${dataDir}-web`;
// Both go once the run is over (the data dir holds about 50 MB of database and media): only in
// the runner process, which stops the webServer before it exits (workers load this file too).
if (process.env.TEST_WORKER_INDEX === undefined) {
  process.once('exit', () => {
    if (!process.env.E2E_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    rmSync(webDir, { recursive: true, force: true });
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
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: traceMode,
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  webServer: {
    command: [
      `rm -rf ${dataDir} ${webDir}`,
      `cp -r ../apps/web/dist ${webDir}`,
      `test -f ${webDir}/index.html`,
      'node ../apps/server/dist/main.js',
    ].join(' && '),
    url: `${baseURL}/api/echo`,
    reuseExistingServer: false,
    // The demo seed takes about 30 s on a quiet 2-core machine and over 2 minutes on a loaded one.
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDir,
      LOG_LEVEL: 'warn',
      SIGNUPS_PER_HOUR: '1000',
      MAILED_LINKS_PER_WINDOW: '1000',
      CHECK_RESPONSES: 'true',
      // No RTMP listener (a port another run may hold) and no demo stream encoding the whole
      // run through: the journeys start the streams they need.
      RTMP_PORT: '0',
      DEMO_LIVE: 'false',
    },
  },
});
