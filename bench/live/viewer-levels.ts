// Playlist and segment requests per second at 50, 200 and 500 simulated viewers of one live
// stream, each level against the same number of viewers fetching a static web asset of about a
// segment's size from the same server, the stream still live (same CPU taken by its ffmpeg).
import type { ChildProcess } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HLS_SEGMENT_SECONDS } from '@glimpse/contract';
import { percentile } from '../messaging/latency.ts';
import { median } from '../stories/measure.ts';
import { publishRtmp, type SourceFormat } from './clock-source.ts';
import {
  cookieOf,
  createViewers,
  endStream,
  playbackUrl,
  serverPid,
  startStream,
} from './glimpse-live.ts';
import { cpuWindow } from './proc-cpu.ts';
import { liveVisit, runViewers, staticVisit, type ViewerLoad, type Visit } from './viewers.ts';

const webAssets = fileURLToPath(new URL('../../apps/web/dist/assets', import.meta.url));

export interface ViewerSetup {
  url: string;
  databaseUrl: string;
  dataDir: string;
  creatorCookie: string;
  format: SourceFormat;
  levels: number[];
  /** Rounds per level, static and live alternating. */
  rounds: number;
  rampMs: number;
  windowMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sizes of the stream's segments on disk once it has a few. */
async function segmentSizes(dir: string): Promise<number[]> {
  for (let i = 0; i < 100; i++) {
    const names = readdirSync(dir).filter((name) => name.endsWith('.ts'));
    if (names.length >= 4) return names.map((name) => statSync(path.join(dir, name)).size);
    await sleep(200);
  }
  throw new Error('the stream wrote no segments');
}

/** The built web app's asset closest in size to `bytes` (not its .br/.gz copies). */
function assetNear(bytes: number): { path: string; size: number } {
  const assets = readdirSync(webAssets)
    .filter((name) => !/\.(br|gz)$/.test(name))
    .map((name) => ({ path: `/assets/${name}`, size: statSync(path.join(webAssets, name)).size }));
  if (assets.length === 0) throw new Error(`no web assets in ${webAssets}: build the web app`);
  return assets.reduce((best, a) =>
    Math.abs(a.size - bytes) < Math.abs(best.size - bytes) ? a : best,
  );
}

interface Round {
  load: ViewerLoad;
  cpuMsPerRequest: number;
}

const fixed = (values: number[], digits = 1) => values.map((v) => v.toFixed(digits)).join(', ');

/** One kind of viewer over the rounds: medians, and the per-round p99 of the large request. */
function line(label: string, rounds: Round[], large: string): string {
  const p99s = rounds.map((r) => percentile(r.load.large, 99));
  const of = (pick: (r: Round) => number) => median(rounds.map(pick));
  return (
    `    ${label.padEnd(7)} ${of((r) => r.load.perSecond)
      .toFixed(0)
      .padStart(4)} req/s, ${large} ` +
    `p50 ${of((r) => percentile(r.load.large, 50)).toFixed(1)} ms, p99 ${median(p99s).toFixed(1)} ms ` +
    `[${fixed(p99s)}] (${of((r) => r.load.largeBytes / 1024).toFixed(0)} KB); small p99 ` +
    `${of((r) => percentile(r.load.small, 99)).toFixed(1)} ms; ` +
    `${rounds.reduce((n, r) => n + r.load.failed, 0)} failed; server CPU ` +
    `${of((r) => r.cpuMsPerRequest).toFixed(2)} ms/req`
  );
}

export async function viewerLevels(setup: ViewerSetup): Promise<void> {
  const stream = await startStream(setup.url, setup.creatorCookie, 'rtmp');
  const source: ChildProcess = publishRtmp(setup.format, [
    `${stream.ingest.rtmp_url}/${stream.ingest.stream_key}`,
  ]);
  try {
    const viewers = await createViewers(setup.databaseUrl, Math.max(...setup.levels));
    const playlists: string[] = [];
    for (let i = 0; i < viewers.length; i += 16) {
      const batch = viewers.slice(i, i + 16);
      const urls = await Promise.all(
        batch.map((v) => playbackUrl(setup.url, cookieOf(v), stream.id)),
      );
      playlists.push(...urls.map((u) => new URL(u).pathname + new URL(u).search));
    }
    const segmentBytes = median(
      await segmentSizes(path.join(setup.dataDir, 'live', String(stream.id))),
    );
    const asset = assetNear(segmentBytes);
    console.log(
      `viewers of one live stream, each every ${HLS_SEGMENT_SECONDS} s (a segment): playlist + ` +
        `newest segment (median ` +
        `${(segmentBytes / 1024).toFixed(0)} KB), against page + ${asset.path} ` +
        `(${(asset.size / 1024).toFixed(0)} KB) from the same server; ` +
        `${setup.rampMs / 1000} s ramp + ${setup.windowMs / 1000} s measured, ${setup.rounds} rounds ` +
        `each (medians; per-round p99 in brackets)`,
    );
    const server = serverPid();
    const measure = async (count: number, visit: (i: number) => Visit): Promise<Round> => {
      let finish: (() => number[]) | undefined;
      let cpuShare = 0;
      const load = await runViewers(
        setup.url,
        viewers.slice(0, count).map((v, i) => ({ visit: visit(i), cookie: cookieOf(v) })),
        { rampMs: setup.rampMs, windowMs: setup.windowMs, periodMs: HLS_SEGMENT_SECONDS * 1000 },
        (phase) => {
          if (phase === 'start') finish = cpuWindow([server]);
          else cpuShare = finish!()[0]!;
        },
      );
      const completed = load.perSecond * (setup.windowMs / 1000);
      return { load, cpuMsPerRequest: (cpuShare * setup.windowMs) / completed };
    };
    for (const count of setup.levels) {
      const still: Round[] = [];
      const live: Round[] = [];
      // Alternating which goes first, so neither always meets the machine's quieter moments.
      for (let round = 0; round < setup.rounds; round++) {
        const runStatic = async () =>
          still.push(await measure(count, () => staticVisit(asset.path)));
        const runLive = async () =>
          live.push(await measure(count, (i) => liveVisit(playlists[i]!)));
        if (round % 2 === 0) await runStatic().then(runLive);
        else await runLive().then(runStatic);
      }
      const p99 = (rounds: Round[]) => median(rounds.map((r) => percentile(r.load.large, 99)));
      console.log(`  ${count} viewers (${(2 * count) / HLS_SEGMENT_SECONDS} req/s offered):`);
      console.log(line('static', still, 'asset  '));
      console.log(line('live', live, 'segment'));
      console.log(`    segment p99 / static asset p99: ${(p99(live) / p99(still)).toFixed(2)}x`);
    }
  } finally {
    await endStream(setup.url, setup.creatorCookie, stream.id);
    source.kill('SIGKILL');
  }
}
