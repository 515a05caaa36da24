// Live at scale (issue 30, item 7): one stream, ingested over RTMP on node 1, watched by 50 and
// 500 simulated players (playlist reload + segment fetch loop, HTTP clients) through nginx in
// front of two nodes that share PostgreSQL and an S3-compatible store (s3rver). Printed per
// level and routing: requests, errors, p50/p99 per kind, and the CPU of each node (node 1 with
// its live ffmpeg), nginx and s3rver; the verdict is the ingest node's CPU at 500 viewers over
// its CPU at 50 (it must stay near 1: the ingest node's work must not grow with viewers).
// Run: npx tsx live/scale.bench.ts   (from bench/; needs PostgreSQL, ffmpeg, nginx)
// Env: BENCH_BUILD=false (skip the server build), BENCH_SECONDS (window, 15), BENCH_VIEWERS
// (50,500), BENCH_LAYOUTS (spread,playback).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HLS_SEGMENT_SECONDS } from '@glimpse/contract';
import { buildServer, freePort, signUp, startGlimpse } from '../api/glimpse-process.ts';
import { benchDbName, recreateBenchDatabase } from '../support/bench-database.ts';
import { publishRtmp } from './clock-source.ts';
import { cookieOf, createViewers, endStream, playbackUrl, startStream } from './glimpse-live.ts';
import { publishDelays } from './publish-delay.ts';
import { runPlayers, type PlayersResult, type RequestKind } from './hls-players.ts';
import { cpuWindow, descendantsOf } from './proc-cpu.ts';
import { liveScaleNginxConfig, startNginx, type NginxPorts } from './scale-nginx.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const LEVELS = (process.env.BENCH_VIEWERS ?? '50,500').split(',').map(Number);
const LAYOUTS = (process.env.BENCH_LAYOUTS ?? 'spread,playback').split(',') as Array<
  keyof NginxPorts
>;
const RAMP_MS = 3_000;
const RATIO_TARGET = 1.25;
const FORMAT = { width: 1280, height: 720, fps: 30 };
const here = path.dirname(fileURLToPath(import.meta.url));
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/** s3rver in its own process (bench/media/s3rver-process.ts); resolves once it listens. */
async function startS3rver(directory: string): Promise<{ child: ChildProcess; endpoint: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(here, '../media/s3rver-process.ts'), directory],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
    child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
  });
  return { child, endpoint: `http://127.0.0.1:${port}` };
}

/** The pid of this bench's server child listening on `port` (read from its environment). */
function nodePid(port: number): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.includes('apps/server/dist/main.js')) continue;
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (environ.includes(`PORT=${port}`)) return Number(entry);
    } catch {
      // gone meanwhile, or not ours
    }
  }
  throw new Error(`no server process on port ${port}`);
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

interface Run {
  layout: keyof NginxPorts;
  viewers: number;
  result: PlayersResult;
  cpu: { ingest: number; ingestFfmpeg: number; other: number; nginx: number; s3: number };
}

function print(run: Run): void {
  const { result, cpu } = run;
  const kinds: RequestKind[] = ['playlist', 'segment'];
  const perKind = kinds
    .map((k) => {
      const l = result.latencies[k];
      return (
        `${k} ${result.requests[k]} (${(result.requests[k] / result.seconds).toFixed(0)}/s), ` +
        `${result.errors[k]} errors, p50 ${percentile(l, 50).toFixed(1)} ms, p99 ${percentile(l, 99).toFixed(1)} ms`
      );
    })
    .join('; ');
  const statuses = Object.keys(result.statuses).length
    ? ` statuses ${JSON.stringify(result.statuses)}`
    : '';
  console.log(
    `  ${run.layout.padEnd(8)} ${String(run.viewers).padStart(4)} viewers: ${perKind}${statuses}`,
  );
  console.log(
    `    CPU (cores): ingest node ${cpu.ingest.toFixed(2)} (node ${(cpu.ingest - cpu.ingestFfmpeg).toFixed(2)} + ` +
      `its ffmpeg ${cpu.ingestFfmpeg.toFixed(2)}), other node ${cpu.other.toFixed(2)}, nginx ` +
      `${cpu.nginx.toFixed(2)}, s3rver ${cpu.s3.toFixed(2)}`,
  );
}

async function main(): Promise<void> {
  console.log(`${availableParallelism()} cores, load average ${load()} at start`);
  if (process.env.BENCH_BUILD !== 'false') await buildServer();
  const databaseUrl = await recreateBenchDatabase(benchDbName('glimpse_bench_live_scale'));
  const work = mkdtempSync(path.join(tmpdir(), 'glimpse-bench-live-scale-'));
  const s3 = await startS3rver(path.join(work, 's3'));
  const shared = {
    DATABASE_URL: databaseUrl,
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: 'glimpse-live-scale',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    TRUSTED_PROXIES: '127.0.0.1',
    // One cluster, one secret: a URL one node signed is verified by the other.
    SECRET: randomBytes(32).toString('hex'),
    DEMO_LIVE: 'false',
  };
  const stops: Array<() => Promise<void> | void> = [];
  // Ctrl-C: the nodes, nginx, s3rver and the camera go too.
  process.once('SIGINT', () => {
    void (async () => {
      for (const stop of stops) await stop();
      s3.child.kill('SIGTERM');
      process.exit(130);
    })();
  });
  try {
    const rtmpPort = await freePort();
    const node1 = await startGlimpse({
      ...shared,
      DATA_DIR: path.join(work, 'node1'),
      RTMP_PORT: String(rtmpPort),
    });
    stops.push(() => node1.stop());
    const node2 = await startGlimpse({ ...shared, DATA_DIR: path.join(work, 'node2') });
    stops.push(() => node2.stop());
    const [port1, port2] = [Number(new URL(node1.url).port), Number(new URL(node2.url).port)];
    const ports: NginxPorts = { spread: await freePort(), playback: await freePort() };
    const prefix = path.join(work, 'nginx');
    const nginx = await startNginx(
      prefix,
      liveScaleNginxConfig(prefix, ports, port1, [port2]),
      ports,
    );
    stops.push(() => void nginx.kill('SIGTERM'));
    console.log(
      `two nodes (PostgreSQL, s3rver), nginx in front; one RTMP stream ${FORMAT.width}x${FORMAT.height} ` +
        `${FORMAT.fps} fps ingested on node 1; players reload every ${HLS_SEGMENT_SECONDS} s and fetch ` +
        `each new segment; ${RAMP_MS / 1000} s ramp + ${SECONDS} s measured per run`,
    );

    const creator = await signUp(node1.url, 'creator@live-scale.example');
    const stream = await startStream(node1.url, creator.cookie, 'rtmp');
    const camera = publishRtmp(FORMAT, [`${stream.ingest.rtmp_url}/${stream.ingest.stream_key}`]);
    stops.unshift(() => void camera.kill('SIGKILL'));
    const viewers = await createViewers(databaseUrl, Math.max(...LEVELS));
    const players: Array<{ playlist: string; cookie: string }> = [];
    for (let i = 0; i < viewers.length; i += 25) {
      const batch = viewers.slice(i, i + 25);
      const urls = await Promise.all(
        batch.map((v) => playbackUrl(node2.url, cookieOf(v), stream.id)),
      );
      urls.forEach((u, j) => {
        const url = new URL(u);
        players.push({ playlist: url.pathname + url.search, cookie: cookieOf(batch[j]!) });
      });
    }
    const ingestPid = nodePid(port1);
    const otherPid = nodePid(port2);
    const ffmpegPids = descendantsOf(ingestPid);
    console.log(
      `ingest node pid ${ingestPid} with ${ffmpegPids.length} child process(es); load average ${load()}`,
    );

    // The latency the store adds: scratch playlist on node 1 -> a viewer's playlist on node 2.
    const delays = await publishDelays(
      path.join(work, 'node1', 'live', String(stream.id), 'index.m3u8'),
      node2.url,
      players[0]!.playlist,
      players[0]!.cookie,
      SECONDS * 1000,
    );
    console.log(
      `publish delay (new segment in node 1's scratch playlist -> in a viewer's playlist from ` +
        `node 2, polled every 10 ms, no viewers): ${delays.length} segments, p50 ` +
        `${percentile(delays, 50).toFixed(0)} ms, p90 ${percentile(delays, 90).toFixed(0)} ms, ` +
        `max ${percentile(delays, 100).toFixed(0)} ms`,
    );

    const runs: Run[] = [];
    for (const layout of LAYOUTS) {
      for (const count of LEVELS) {
        const nginxPids = [nginx.pid!, ...descendantsOf(nginx.pid!)];
        const groups = [[ingestPid], ffmpegPids, [otherPid], nginxPids, [s3.child.pid!]];
        let finish: (() => number[]) | undefined;
        let shares: number[] = [];
        const result = await runPlayers(
          `http://127.0.0.1:${ports[layout]}`,
          players.slice(0, count),
          { rampMs: RAMP_MS, windowMs: SECONDS * 1000, periodMs: HLS_SEGMENT_SECONDS * 1000 },
          (phase) => {
            if (phase === 'start') finish = cpuWindow(groups.flat());
            else shares = finish!();
          },
        );
        // Each group's share of a core: its processes' shares summed.
        let at = 0;
        const [node, ffmpeg, other, proxy, storage] = groups.map((group) => {
          const sum = shares.slice(at, at + group.length).reduce((a, b) => a + b, 0);
          at += group.length;
          return sum;
        });
        const run: Run = {
          layout,
          viewers: count,
          result,
          cpu: {
            ingest: node! + ffmpeg!,
            ingestFfmpeg: ffmpeg!,
            other: other!,
            nginx: proxy!,
            s3: storage!,
          },
        };
        print(run);
        runs.push(run);
      }
    }
    console.log(
      "the ingest node's CPU at the most viewers over the fewest (target <= " +
        RATIO_TARGET +
        'x):',
    );
    for (const layout of LAYOUTS) {
      const mine = runs.filter((r) => r.layout === layout);
      const [few, many] = [mine[0]!, mine.at(-1)!];
      const ratio = many.cpu.ingest / few.cpu.ingest;
      console.log(
        `  ${layout}: ${many.cpu.ingest.toFixed(2)} / ${few.cpu.ingest.toFixed(2)} cores = ${ratio.toFixed(2)}x ` +
          `(node process alone ${(many.cpu.ingest - many.cpu.ingestFfmpeg).toFixed(2)} / ` +
          `${(few.cpu.ingest - few.cpu.ingestFfmpeg).toFixed(2)}): ${ratio <= RATIO_TARGET ? 'met' : 'NOT met'}`,
      );
    }
    await endStream(node1.url, creator.cookie, stream.id).catch(() => undefined);
  } finally {
    for (const stop of stops) await stop();
    s3.child.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`load average ${load()} at end`);
}

await main();
