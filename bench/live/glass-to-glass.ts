// Glass-to-glass latency as a viewer sees it: headless Chromium plays the playlist with hls.js
// (the web app's own copy and its watch-screen config) and reads each presented frame's
// burned-in clock (player-page.js).
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser } from 'puppeteer-core';
import { median } from '../stories/measure.ts';
import { CLOCK_BITS, clockBlock, type SourceFormat } from './clock-source.ts';

const webRequire = createRequire(new URL('../../apps/web/package.json', import.meta.url));
const hlsScript = webRequire.resolve('hls.js/dist/hls.light.min.js');
const pageScript = fileURLToPath(new URL('./player-page.js', import.meta.url));
// Loaded at run time so that bench's Node-only type check does not take in the web's DOM types.
const webPlayer = fileURLToPath(
  new URL('../../apps/web/src/features/live/live-player.ts', import.meta.url),
);

export async function launchBrowser(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--autoplay-policy=no-user-gesture-required',
      '--disable-background-timer-throttling',
      '--disable-renderer-backgrounding',
      '--disable-backgrounding-occluded-windows',
    ],
  });
}

export interface PlaybackRun {
  /** Latency of each frame read in the window, ms. */
  latencies: number[];
  /** Median latency of each second of the window, ms (how it moved). */
  perSecond: number[];
  misreads: number;
  stalls: number;
  errors: string[];
  /** hls.js's target latency at the window's end (s), and its buffer stalls since the start. */
  target: number | null;
  bufferStalls: number;
}

interface Probe {
  samples: Array<[number, number]>;
  misreads: number;
  stalls: number;
  errors: string[];
  target: number | null;
  bufferStalls: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Player {
  playlistUrl: string;
  format: SourceFormat;
}

/**
 * A page of `pageUrl` (a light document of the server's origin, so the session cookie goes
 * with its requests) playing each player; answers how to read their probes.
 */
async function openPlayers(
  browser: Browser,
  pageUrl: string,
  cookie: { name: string; value: string },
  players: Player[],
) {
  const { lowLatencyConfig } = (await import(webPlayer)) as { lowLatencyConfig: object };
  const page = await browser.newPage();
  await page.setCookie({ ...cookie, url: pageUrl });
  // The server's Content-Security-Policy would refuse the injected scripts.
  await page.setBypassCSP(true);
  await page.goto(pageUrl);
  await page.addScriptTag({ path: hlsScript });
  await page.addScriptTag({ path: pageScript });
  for (const player of players) {
    const block = clockBlock(player.format);
    const clock = {
      bits: CLOCK_BITS,
      blockWidth: block.width,
      blockHeight: block.height,
      sourceWidth: player.format.width,
    };
    const start = [player.playlistUrl, lowLatencyConfig, clock].map((a) => JSON.stringify(a));
    await page.evaluate(`window.liveBench.start(${start.join(', ')})`);
  }
  return {
    page,
    probe: () => page.evaluate('window.liveBench.report()') as Promise<Probe[]>,
    resync: () => page.evaluate('window.liveBench.resync()'),
  };
}

async function firstFrames(probe: () => Promise<Probe[]>): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const probes = await probe();
    if (probes.every(({ samples }) => samples.length > 0)) return;
    if (Date.now() > deadline) {
      const errors = probes.map(({ errors }) => errors.join(' ') || 'none').join('; ');
      throw new Error(`no frame played within 60 s (errors: ${errors})`);
    }
    await sleep(250);
  }
}

function runOf(before: Probe, after: Probe, from: number, windowMs: number): PlaybackRun {
  const kept = after.samples.filter(([at]) => at >= from);
  const perSecond = Array.from({ length: Math.ceil(windowMs / 1000) }, (_, second) =>
    median(kept.filter(([at]) => Math.floor((at - from) / 1000) === second).map(([, ms]) => ms)),
  );
  return {
    latencies: kept.map(([, latency]) => latency),
    perSecond,
    misreads: after.misreads - before.misreads,
    stalls: after.stalls - before.stalls,
    errors: after.errors.slice(before.errors.length),
    target: after.target,
    bufferStalls: after.bufferStalls,
  };
}

/**
 * Plays the players' playlists side by side in one page (so a pipeline and its reference see
 * the same machine load), waits for every first frame read, moves players that started late
 * to hls.js's live sync point, lets playback settle for `settleMs` (hls.js may play fast to
 * catch up), then keeps the frames read over `windowMs`.
 */
export async function measurePlayback(
  browser: Browser,
  page: { url: string; cookie: { name: string; value: string } },
  players: Player[],
  timing: {
    settleMs: number;
    windowMs: number;
    /** Called as the measured window starts and ends (CPU sampling). */
    onWindow?: (phase: 'start' | 'end') => void;
  },
): Promise<PlaybackRun[]> {
  const opened = await openPlayers(browser, page.url, page.cookie, players);
  try {
    await firstFrames(opened.probe);
    // A start slowed by the machine leaves a player seconds behind hls.js's live sync point,
    // where it would only creep back from; a viewer's steady state is at that point.
    await sleep(1_000);
    await opened.resync();
    await sleep(timing.settleMs);
    const before = await opened.probe();
    const from = Date.now();
    timing.onWindow?.('start');
    await sleep(timing.windowMs);
    timing.onWindow?.('end');
    const after = await opened.probe();
    return players.map((_, i) => runOf(before[i]!, after[i]!, from, timing.windowMs));
  } finally {
    await opened.page.close();
  }
}
