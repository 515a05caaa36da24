import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../support/chromium-args.ts';
import { traceMode } from '../support/trace-mode.ts';
import { stillCameraY4m } from './still-camera.ts';
import { MAX_DIFF_PIXEL_RATIO, MAX_DIFF_PIXELS } from './tolerance.ts';

/**
 * The screenshot suite (docs/visual-tests.md): every main screen at a phone and a desktop size,
 * compared with the baselines in __screenshots__/. Its own server on a fresh, empty data dir
 * (no demo seed): dataset.setup.ts creates the people and stories it shows through the API, so
 * the pictures do not depend on the demo data or the order its processing finishes in.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
// One folder per run for the server's data, its copy of the web app and the camera picture.
// The runner names it; workers (which load this file too, and launch the browsers) inherit it.
process.env.GLIMPSE_VISUAL_RUN_DIR ??= `/tmp/glimpse-visual-${process.pid}`;
const runDir = process.env.GLIMPSE_VISUAL_RUN_DIR;
const dataDir = `${runDir}/data`;
// A private copy of the built web app, as in ../playwright.config.ts.
const webDir = `${runDir}/web`;
const cameraFile = `${runDir}/camera.y4m`;
if (process.env.TEST_WORKER_INDEX === undefined) {
  mkdirSync(runDir, { recursive: true });
  writeFileSync(cameraFile, stillCameraY4m());
  process.once('exit', () => rmSync(runDir, { recursive: true, force: true }));
}

const visualChromiumArgs = [
  ...chromiumArgs,
  `--use-file-for-fake-video-capture=${cameraFile}`,
  // Text and images are drawn the same way on every run of this machine's Chromium.
  '--font-render-hinting=none',
  '--disable-lcd-text',
  '--force-color-profile=srgb',
];

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1440, height: 900 } };
/** The live stream's watch screen (live-watch.visual.ts), run after every other screen. */
const LIVE_WATCH = /live-watch\.visual\.ts$/;

export default defineConfig({
  testDir: '.',
  testMatch: /\.(setup|visual)\.ts$/,
  // Baselines are per project (phone, desktop), named by the screen; no platform suffix: they
  // are made with Debian's Chromium and DejaVu fonts, the only browser the suite runs.
  snapshotPathTemplate: '{testDir}/__screenshots__/{projectName}/{arg}{ext}',
  fullyParallel: true,
  // Three at a time, as the journeys (95 s against 112 s with two on a 2-core VM).
  workers: 3,
  retries: 0,
  timeout: 120_000,
  expect: {
    // Generous: on a 2-core machine busy with other work a screen can take 20 s to show its data.
    timeout: 30_000,
    toHaveScreenshot: {
      animations: 'disabled',
      caret: 'hide',
      // What every picture hides: counts that depend on the tests running beside it.
      stylePath: fileURLToPath(new URL('./screenshot.css', import.meta.url)),
      scale: 'css',
      // Tight: an element moved by a few pixels or drawn over another fails (tolerance.ts;
      // threshold.visual.ts proves it).
      maxDiffPixelRatio: MAX_DIFF_PIXEL_RATIO,
      maxDiffPixels: MAX_DIFF_PIXELS,
    },
  },
  reporter: [['list']],
  use: {
    baseURL,
    trace: traceMode,
    locale: 'en-US',
    timezoneId: 'UTC',
    colorScheme: 'light',
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromiumPath,
      args: visualChromiumArgs,
    },
  },
  projects: [
    { name: 'dataset', testMatch: /dataset\.setup\.ts$/ },
    {
      name: 'phone',
      testMatch: /\.visual\.ts$/,
      testIgnore: LIVE_WATCH,
      dependencies: ['dataset'],
      use: PHONE,
    },
    {
      name: 'desktop',
      testMatch: /\.visual\.ts$/,
      testIgnore: LIVE_WATCH,
      dependencies: ['dataset'],
      use: DESKTOP,
    },
    // A live stream changes what other screens show (the Streams tab, Iris "online"): its
    // watch screen comes after all of them, one size after the other (one stream at a time),
    // with the baselines beside the other screens of its size.
    {
      name: 'phone-live',
      testMatch: LIVE_WATCH,
      dependencies: ['phone', 'desktop'],
      snapshotPathTemplate: '{testDir}/__screenshots__/phone/{arg}{ext}',
      use: PHONE,
    },
    {
      name: 'desktop-live',
      testMatch: LIVE_WATCH,
      dependencies: ['phone-live'],
      snapshotPathTemplate: '{testDir}/__screenshots__/desktop/{arg}{ext}',
      use: DESKTOP,
    },
  ],
  webServer: {
    command: [
      `rm -rf ${dataDir} ${webDir}`,
      `mkdir -p ${dataDir}`,
      `cp -r ../../apps/web/dist ${webDir}`,
      `test -f ${webDir}/index.html`,
      'node ../../apps/server/dist/main.js',
    ].join(' && '),
    url: `${baseURL}/api/echo`,
    // VISUAL_REUSE_SERVER=1 runs against a server already on the port (for working on the suite;
    // the dataset step finds its data there and skips). CI always starts a fresh one.
    reuseExistingServer: Boolean(process.env.VISUAL_REUSE_SERVER),
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDir,
      DEMO_SEED: 'false',
      RTMP_PORT: '0',
      LOG_LEVEL: 'warn',
      SIGNUPS_PER_HOUR: '1000',
      MAILED_LINKS_PER_WINDOW: '1000',
      // The moderation console's moderator (moderation-people.ts) is an admin once confirmed.
      ADMIN_EMAILS: 'mira@moderation.visual.glimpse.test',
    },
  },
});
