// Live streams (issue 12): glass-to-glass latency of both ingest paths against a reference ffmpeg
// RTMP -> HLS pipeline measured in the same run, CPU per live stream, and playlist/segment
// requests per second at 50, 200 and 500 simulated viewers against a static file.
// Run: npm run bench:live -w bench   (needs PostgreSQL, ffmpeg and /usr/bin/chromium)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INGEST_CHUNK_MS } from '@glimpse/contract';
import { freePort, signUp, startGlimpse } from '../api/glimpse-process.ts';
import { percentile } from '../messaging/latency.ts';
import { benchDbName, recreateBenchDatabase } from '../support/bench-database.ts';
import { launchBrowser } from './glass-to-glass.ts';
import { createViewers } from './glimpse-live.ts';
import {
  browserPair,
  rtmpPair,
  type GlimpseSide,
  type LatencySetup,
  type Pair,
  type PathRun,
} from './latency-paths.ts';
import { viewerLevels } from './viewer-levels.ts';

const [WIDTH, HEIGHT] = (process.env.BENCH_LIVE_SIZE ?? '1280x720').split('x').map(Number);
const FORMAT = { width: WIDTH!, height: HEIGHT!, fps: Number(process.env.BENCH_LIVE_FPS ?? 30) };
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const LEVELS = (process.env.BENCH_VIEWERS ?? '50,200,500').split(',').map(Number);
const BROWSER_CODEC = process.env.BENCH_BROWSER_CODEC === 'vp8' ? 'vp8' : 'h264';
// The web app's MediaRecorder timeslice (INGEST_CHUNK_MS); another value shows what changing it brings.
const TIMESLICE_MS = Number(process.env.BENCH_TIMESLICE_MS ?? INGEST_CHUNK_MS);
const VIEWER_SECONDS = Number(process.env.BENCH_VIEWER_SECONDS ?? 5);
const VIEWER_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// Latency rounds: where a player lands between segment boundaries moves a run's latency by up
// to a segment, on either side, so the targets are judged on the median over rounds.
const LATENCY_ROUNDS = Number(process.env.BENCH_LATENCY_ROUNDS ?? 3);
// BENCH_ONLY=latency or viewers: one part.
const ONLY = new Set((process.env.BENCH_ONLY ?? 'latency,viewers').split(','));
const RATIO_TARGET = 1.2;
const ABSOLUTE_TARGET_MS = 2_500;
const dbName = benchDbName('glimpse_bench_live');
const root = fileURLToPath(new URL('../..', import.meta.url));

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/** The web app (its assets are the static baseline) and the server bundle, as `npm start`. */
function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`build: exit ${code}`)),
    );
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * How far the latency moved over the window. A pipeline that keeps up holds it level; one that
 * grows by seconds is an encoder or player falling behind real time (a starved machine).
 */
function drift(perSecond: number[]): string {
  const seconds = perSecond.filter((ms) => !Number.isNaN(ms));
  if (seconds.length < 2) return 'no drift figure';
  const moved = (seconds.at(-1)! - seconds[0]!) / 1000;
  const note = Math.abs(moved) > 0.5 ? ': not keeping up with real time, read with care' : '';
  return `${moved >= 0 ? '+' : ''}${moved.toFixed(2)} s over the window${note}`;
}

function describe(label: string, run: PathRun): string {
  const cpu =
    run.nodeCpu === undefined
      ? `ffmpeg ${run.ffmpegCpu.toFixed(2)} cores`
      : `server ffmpeg ${run.ffmpegCpu.toFixed(2)} + node ${run.nodeCpu.toFixed(2)} cores`;
  return (
    `  ${label}: median ${seconds(percentile(run.latencies, 50))}, p90 ` +
    `${seconds(percentile(run.latencies, 90))} (${run.latencies.length} frames, ${run.misreads} ` +
    `misread, ${run.stalls} stalls${run.errors.length ? `, errors ${run.errors.join(' ')}` : ''}); ${cpu}\n` +
    `    hls.js target latency ${run.target === null ? '-' : `${run.target.toFixed(2)} s`} ` +
    `(${run.bufferStalls} buffer stalls since it started)\n` +
    `    per second: ${run.perSecond.map((ms) => (ms / 1000).toFixed(2)).join(' ')} ` +
    `(${drift(run.perSecond)})`
  );
}

function verdict(run: PathRun, reference: PathRun): string {
  const median = percentile(run.latencies, 50);
  const ratio = median / percentile(reference.latencies, 50);
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  return (
    `    median ratio ${ratio.toFixed(2)}x (target <= ${RATIO_TARGET}x): ${met(ratio <= RATIO_TARGET)}; ` +
    `median ${seconds(median)} (target <= 2.5 s): ${met(median <= ABSOLUTE_TARGET_MS)}`
  );
}

/** The targets judged on the median over rounds of each side's median latency. */
function roundsVerdict(label: string, pairs: Pair[]): string {
  const medianOf = (runs: PathRun[]) =>
    percentile(
      runs.map((run) => percentile(run.latencies, 50)),
      50,
    );
  const glimpse = medianOf(pairs.map((pair) => pair.glimpse));
  const reference = medianOf(pairs.map((pair) => pair.reference));
  const ratio = glimpse / reference;
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  return (
    `  ${label}: ${seconds(glimpse)} vs reference ${seconds(reference)}, ratio ` +
    `${ratio.toFixed(2)}x (target <= ${RATIO_TARGET}x): ${met(ratio <= RATIO_TARGET)}; ` +
    `${seconds(glimpse)} (target <= 2.5 s): ${met(glimpse <= ABSOLUTE_TARGET_MS)}`
  );
}

/** CPU per live stream over the measured windows, as a share of one core. */
function cpuSummary(rtmp: Pair, web: Pair): string {
  const total = (run: PathRun) => run.ffmpegCpu + (run.nodeCpu ?? 0);
  const path = (label: string, pair: Pair) =>
    `  ${label}: server ffmpeg ${pair.glimpse.ffmpegCpu.toFixed(2)} + node ` +
    `${pair.glimpse.nodeCpu!.toFixed(2)} = ${total(pair.glimpse).toFixed(2)} cores, ` +
    `${(total(pair.glimpse) / pair.reference.ffmpegCpu).toFixed(2)}x the reference ffmpeg beside it ` +
    `(${pair.reference.ffmpegCpu.toFixed(2)})`;
  return [
    `CPU per live stream (${FORMAT.width}x${FORMAT.height} ${FORMAT.fps} fps in; the ladder: one ` +
      `rendition, H.264 veryfast, long side <= 1280, + AAC 128k):`,
    path('RTMP ingest', rtmp),
    path('browser ingest', web),
    `  the bench itself meanwhile: camera ffmpeg ${rtmp.source.toFixed(2)} / ` +
      `${web.source.toFixed(2)}, headless Chromium (two players) ${rtmp.chromium.toFixed(2)} / ` +
      `${web.chromium.toFixed(2)} cores (RTMP / browser pair)`,
  ].join('\n');
}

/** Both ingest paths, each beside its reference, in one headless Chromium. */
async function latencyPart(side: GlimpseSide, dataDir: string): Promise<void> {
  const browser = await launchBrowser();
  try {
    const setup: LatencySetup = {
      browser,
      format: FORMAT,
      settleMs: SETTLE_SECONDS * 1000,
      windowMs: SECONDS * 1000,
      workDir: dataDir,
      browserCodec: BROWSER_CODEC,
      timesliceMs: TIMESLICE_MS,
    };
    console.log(
      `glass-to-glass: testsrc2 ${FORMAT.width}x${FORMAT.height} at ${FORMAT.fps} fps with the ` +
        `wall clock burned in, read from every frame hls.js presents in headless Chromium; ` +
        `${SETTLE_SECONDS} s settling, then ${SECONDS} s measured per path`,
    );
    const rounds: Array<{ rtmp: Pair; web: Pair }> = [];
    for (let round = 1; round <= LATENCY_ROUNDS; round++) {
      if (LATENCY_ROUNDS > 1) console.log(`round ${round} of ${LATENCY_ROUNDS}`);
      const rtmp = await rtmpPair(setup, side);
      console.log(describe('reference ffmpeg RTMP -> HLS, static files', rtmp.reference));
      console.log(describe('Glimpse RTMP ingest, same source', rtmp.glimpse));
      console.log(verdict(rtmp.glimpse, rtmp.reference));
      const web = await browserPair(setup, side);
      console.log(describe('reference ffmpeg RTMP -> HLS, static files', web.reference));
      const chunks = `${BROWSER_CODEC} WebM, ${TIMESLICE_MS} ms chunks over WebSocket`;
      console.log(describe(`Glimpse browser ingest (${chunks})`, web.glimpse));
      console.log(verdict(web.glimpse, web.reference));
      console.log(cpuSummary(rtmp, web));
      rounds.push({ rtmp, web });
    }
    if (rounds.length > 1) {
      console.log(`over ${rounds.length} rounds (median of the rounds' medians):`);
      console.log(
        roundsVerdict(
          'RTMP ingest',
          rounds.map((round) => round.rtmp),
        ),
      );
      console.log(
        roundsVerdict(
          'browser ingest',
          rounds.map((round) => round.web),
        ),
      );
    }
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  console.log(`${availableParallelism()} cores, load average ${load()} at start`);
  if (process.env.BENCH_BUILD !== 'false') await build();
  const databaseUrl = await recreateBenchDatabase(dbName);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'glimpse-bench-live-'));
  const glimpse = await startGlimpse({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    RTMP_PORT: String(await freePort()),
    DEMO_LIVE: 'false',
  });
  try {
    const creator = await signUp(glimpse.url, 'creator@bench.example');
    if (ONLY.has('latency')) {
      const [watcher] = await createViewers(databaseUrl, 1);
      const side = { url: glimpse.url, creatorCookie: creator.cookie, watcher: watcher! };
      await latencyPart(side, dataDir);
    }
    if (ONLY.has('viewers')) {
      console.log(`load average ${load()}`);
      await viewerLevels({
        url: glimpse.url,
        databaseUrl,
        dataDir,
        creatorCookie: creator.cookie,
        format: FORMAT,
        levels: LEVELS,
        rounds: VIEWER_ROUNDS,
        rampMs: 2_000,
        windowMs: VIEWER_SECONDS * 1000,
      });
    }
  } finally {
    await glimpse.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`load average ${load()} at end`);
}

await main();
