// The pipelines whose glass-to-glass latency is compared. Each Glimpse ingest path runs side by
// side with its own reference (ffmpeg RTMP -> HLS, static files), played in two pages at once,
// so both see the same load on a shared machine.
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'puppeteer-core';
import { freePort } from '../api/glimpse-process.ts';
import { publishRtmp, recordAndPublish, type SourceFormat } from './clock-source.ts';
import { measurePlayback, type PlaybackRun, type Player } from './glass-to-glass.ts';
import {
  endStream,
  openIngest,
  playbackUrl,
  serverPid,
  startStream,
  type Viewer,
} from './glimpse-live.ts';
import { childrenOf, cpuWindow, descendantsOf } from './proc-cpu.ts';
import { startReferenceWriter, startStaticServer } from './reference.ts';

export interface LatencySetup {
  browser: Browser;
  format: SourceFormat;
  settleMs: number;
  windowMs: number;
  workDir: string;
  /** What the simulated MediaRecorder encodes (the web app's first choice is H.264). */
  browserCodec: 'h264' | 'vp8';
  /** MediaRecorder's timeslice (the web app's is INGEST_CHUNK_MS, 100 ms). */
  timesliceMs: number;
}

export interface GlimpseSide {
  url: string;
  creatorCookie: string;
  watcher: Viewer;
}

export interface PathRun extends PlaybackRun {
  /** Share of a core over the window: the stream's ffmpeg, and the server's node process. */
  ffmpegCpu: number;
  nodeCpu?: number;
}

export interface Pair {
  reference: PathRun;
  glimpse: PathRun;
  /** What the bench itself took meanwhile (cores): the camera's ffmpeg and headless Chromium. */
  source: number;
  chromium: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until something listens on the TCP port (/proc/net/tcp, state 0A). */
async function listening(port: number): Promise<void> {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')} `;
  for (let i = 0; i < 200; i++) {
    const tables = ['/proc/net/tcp', '/proc/net/tcp6'].map((f) => readFileSync(f, 'utf8'));
    const rows = tables.flatMap((t) => t.split('\n'));
    if (rows.some((row) => row.includes(hex) && row.split(/\s+/)[4] === '0A')) return;
    await sleep(100);
  }
  throw new Error(`nothing listens on port ${port}`);
}

/**
 * Waits until a playlist lists a few segments: a viewer joins a stream in progress, and hls.js
 * starts at its live sync point only when the window reaches back that far.
 */
async function listsSegments(read: () => Promise<string | undefined>, what: string) {
  for (let i = 0; i < 600; i++) {
    if (((await read()) ?? '').split('#EXTINF').length > 4) return;
    await sleep(100);
  }
  throw new Error(`${what}: fewer than 4 segments after 60 s`);
}

function stop(child: ChildProcess): void {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** The reference, listening for its publisher at `rtmpUrl`; `ready()` once it has segments. */
async function startReference(setup: LatencySetup, name: string) {
  const dir = path.join(setup.workDir, name);
  const port = await freePort();
  const rtmpUrl = `rtmp://127.0.0.1:${port}/live/${name}`;
  const writer = startReferenceWriter(rtmpUrl, dir);
  const files = await startStaticServer(dir);
  await listening(port);
  const player: Player = { playlistUrl: `${files.url}/hls/index.m3u8`, format: setup.format };
  return {
    rtmpUrl,
    player,
    pid: writer.pid!,
    ready: () => {
      const file = path.join(dir, 'index.m3u8');
      const read = async () => (existsSync(file) ? readFileSync(file, 'utf8') : undefined);
      return listsSegments(read, 'the reference playlist');
    },
    stop: () => {
      stop(writer);
      files.server.close();
    },
  };
}

/**
 * Plays the reference and the stream side by side in the watcher's page on the server's origin;
 * CPU over the window of the reference's ffmpeg, the server's ffmpeg for the stream (the only
 * one running), the server process, and the bench's own camera and Chromium.
 */
async function measurePair(
  setup: LatencySetup,
  glimpse: GlimpseSide,
  streamId: number,
  reference: { player: Player; pid: number },
  sourcePid: number,
): Promise<Pair> {
  const cookie = { name: 'glimpse_session', value: glimpse.watcher.token };
  const playlistUrl = await playbackUrl(glimpse.url, `${cookie.name}=${cookie.value}`, streamId);
  const headers = { cookie: `${cookie.name}=${cookie.value}` };
  await listsSegments(async () => (await fetch(playlistUrl, { headers })).text(), 'the stream');
  const server = serverPid();
  const chromium = setup.browser.process()!.pid!;
  let finish: (() => number[]) | undefined;
  let cpu: number[] = [];
  let serverFfmpegs = 0;
  const [referenceRun, glimpseRun] = await measurePlayback(
    setup.browser,
    // Any light page of the server's origin, so the player's requests carry the session.
    { url: `${glimpse.url}/api/echo`, cookie },
    [reference.player, { playlistUrl, format: setup.format }],
    {
      ...setup,
      onWindow: (phase) => {
        if (phase === 'end') {
          cpu = finish!();
          return;
        }
        const ffmpeg = childrenOf(server, 'ffmpeg').map((p) => p.pid);
        serverFfmpegs = ffmpeg.length;
        const chromiumPids = [chromium, ...descendantsOf(chromium)];
        // In this order: reference, server ffmpeg, server, source, Chromium's processes.
        finish = cpuWindow([reference.pid, ...ffmpeg, server, sourcePid, ...chromiumPids]);
      },
    },
  );
  // One server ffmpeg: anything else means another stream was still running.
  if (serverFfmpegs !== 1) throw new Error(`expected one server ffmpeg, saw ${serverFfmpegs}`);
  const sum = (values: number[]) => values.reduce((a, b) => a + (Number.isNaN(b) ? 0 : b), 0);
  return {
    reference: { ...referenceRun!, ffmpegCpu: cpu[0]! },
    glimpse: { ...glimpseRun!, ffmpegCpu: cpu[1]!, nodeCpu: cpu[2]! },
    source: cpu[3]!,
    chromium: sum(cpu.slice(4)),
  };
}

/** After a stream ends its ffmpeg flushes and exits: the next measurement waits for that. */
async function serverFfmpegGone(): Promise<void> {
  const server = serverPid();
  for (let i = 0; i < 100 && childrenOf(server, 'ffmpeg').length > 0; i++) await sleep(100);
}

/** One OBS-like source published to the reference and to the server's RTMP ingest. */
export async function rtmpPair(setup: LatencySetup, glimpse: GlimpseSide): Promise<Pair> {
  const reference = await startReference(setup, 'reference-rtmp');
  const stream = await startStream(glimpse.url, glimpse.creatorCookie, 'rtmp');
  const { rtmp_url: rtmpUrl, stream_key: key } = stream.ingest;
  const source = publishRtmp(setup.format, [reference.rtmpUrl, `${rtmpUrl}/${key}`]);
  try {
    await reference.ready();
    return await measurePair(setup, glimpse, stream.id, reference, source.pid!);
  } finally {
    await endStream(glimpse.url, glimpse.creatorCookie, stream.id);
    stop(source);
    reference.stop();
    await serverFfmpegGone();
  }
}

/**
 * MediaRecorder simulated: the recording comes out a cluster per timeslice of video (cut by the
 * muxer at the frame that starts the next one, as a recorder started just before the camera's
 * first frame cuts its chunks), each sent as binary messages the moment it is written. The same
 * source publishes the same picture to the reference over RTMP.
 */
export async function browserPair(setup: LatencySetup, glimpse: GlimpseSide): Promise<Pair> {
  const reference = await startReference(setup, 'reference-browser');
  const stream = await startStream(glimpse.url, glimpse.creatorCookie, 'browser');
  const ws = await openIngest(glimpse.url, glimpse.creatorCookie, stream.id);
  const { format, browserCodec, timesliceMs } = setup;
  const source = recordAndPublish(format, reference.rtmpUrl, browserCodec, timesliceMs);
  source.stdout!.on('data', (chunk: Buffer) => {
    if (ws.readyState === ws.OPEN) ws.send(chunk);
  });
  try {
    await reference.ready();
    return await measurePair(setup, glimpse, stream.id, reference, source.pid!);
  } finally {
    await endStream(glimpse.url, glimpse.creatorCookie, stream.id);
    stop(source);
    ws.close();
    reference.stop();
    await serverFfmpegGone();
  }
}
