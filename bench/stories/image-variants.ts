// Image variants per second: our pipeline (the function, and the full job from HTTP post to
// story.ready) against a bare sharp loop producing the same three variants; and API p99 on
// another route (GET /api/auth/me, separate client process) while stories process vs idle.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { LoadResult } from '../home/load.ts';
import { ffmpegBinaries } from '../../apps/server/src/platform/media-tools/ffmpeg-binaries.ts';
import { makeStoryImageVariants } from '../../apps/server/src/platform/media-tools/image.ts';
import { startBenchServer, type BenchServer } from './bench-server.ts';
import { fmt, median, runBinary, timed, verdict } from './measure.ts';

const IMAGES = Number(process.env.BENCH_IMAGES ?? 8);
// Alternating rounds with medians: a shared machine's noise hits both sides alike.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PROBE_MS = 4_000;
const PROBE_CONCURRENCY = 8;
const run = promisify(execFile);

/** Distinct 12 MP phone-sized JPEGs (3024x4032), frames of a moving test pattern. */
async function makeImages(dir: string): Promise<Buffer[]> {
  await runBinary(ffmpegBinaries().ffmpeg, [
    '-nostdin',
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=3024x4032:rate=1:duration=${IMAGES}`,
    '-q:v',
    '3',
    '-y',
    path.join(dir, 'img-%03d.jpg'),
  ]);
  const files = (await readdir(dir)).filter((f) => f.endsWith('.jpg')).sort();
  return Promise.all(files.map((f) => readFile(path.join(dir, f))));
}

/** The same three variants written plainly with sharp: no limits, no plumbing. */
async function bareVariants(input: Buffer): Promise<void> {
  const base = sharp(input)
    .rotate()
    .resize({ width: 1080, height: 1920, fit: 'inside', withoutEnlargement: true });
  await base.clone().webp({ quality: 80 }).toBuffer();
  await Promise.all([
    base.clone().flatten({ background: '#000' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer(),
    base
      .clone()
      .resize({ width: 270, height: 480, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#000' })
      .jpeg({ quality: 70 })
      .toBuffer(),
  ]);
}

async function perSecond(
  images: Buffer[],
  work: (image: Buffer) => Promise<unknown>,
): Promise<number> {
  const { ms } = await timed(async () => {
    for (const image of images) await work(image);
  });
  return images.length / (ms / 1000);
}

/** Posts every image as a story and waits until all are ready: stories per second end to end. */
async function throughJobs(bench: BenchServer, images: Buffer[]): Promise<number> {
  const { ms } = await timed(async () => {
    const stories = [];
    for (const image of images) stories.push(await bench.postStory(image, 'photo.jpg'));
    const outcomes = await Promise.all(stories.map((s) => bench.whenProcessed(s.id)));
    if (outcomes.some((o) => o !== 'ready')) throw new Error('an image failed to process');
  });
  return images.length / (ms / 1000);
}

async function probe(bench: BenchServer): Promise<LoadResult> {
  const script = fileURLToPath(new URL('./latency-probe.ts', import.meta.url));
  const { stdout } = await run(process.execPath, [
    '--import',
    'tsx',
    script,
    `${bench.url}/api/auth/me`,
    bench.cookie,
    String(PROBE_CONCURRENCY),
    String(PROBE_MS),
  ]);
  return JSON.parse(stdout) as LoadResult;
}

export async function benchImageVariants(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'glimpse-bench-images-'));
  const images = await makeImages(dir);
  const bench = await startBenchServer();
  try {
    await perSecond(images.slice(0, 2), bareVariants); // warm-up
    await perSecond(images.slice(0, 2), makeStoryImageVariants);
    const bare: number[] = [];
    const fn: number[] = [];
    const jobs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      bare.push(await perSecond(images, bareVariants));
      fn.push(await perSecond(images, makeStoryImageVariants));
      jobs.push(await throughJobs(bench, images));
    }
    const list = (values: number[]) => `[${values.map((v) => fmt(v)).join(', ')}]`;
    const baseline = median(bare);
    console.log(
      `image variants, ${images.length} JPEGs 3024x4032 -> WebP + JPEG (1080x1920 box) + small JPEG, ${ROUNDS} rounds (medians)`,
    );
    console.log(`  bare sharp loop:                ${fmt(baseline)} images/s ${list(bare)}`);
    console.log(
      `  makeStoryImageVariants:         ${fmt(median(fn))} images/s ${list(fn)} ${verdict(median(fn) / baseline, '>= 0.8x', median(fn) / baseline >= 0.8)}`,
    );
    console.log(
      `  full job (POST -> story.ready): ${fmt(median(jobs))} images/s ${list(jobs)} ${verdict(median(jobs) / baseline, '>= 0.8x', median(jobs) / baseline >= 0.8)}`,
    );

    const idle: LoadResult[] = [];
    const busy: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      idle.push(await probe(bench));
      // Twice the images so processing outlasts the probe window.
      busy.push((await Promise.all([probe(bench), throughJobs(bench, [...images, ...images])]))[0]);
    }
    const p99 = (results: LoadResult[]) => median(results.map((r) => r.p99));
    const p50 = (results: LoadResult[]) => median(results.map((r) => r.p50));
    const ratio = p99(busy) / p99(idle);
    console.log(
      `API GET /api/auth/me, ${PROBE_CONCURRENCY} keep-alive clients in a separate process, ${PROBE_MS / 1000} s x ${ROUNDS} rounds (medians)`,
    );
    console.log(
      `  idle:               p50 ${fmt(p50(idle))} ms, p99 ${fmt(p99(idle))} ms ${list(idle.map((r) => r.p99))}`,
    );
    console.log(
      `  processing images:  p50 ${fmt(p50(busy))} ms, p99 ${fmt(p99(busy))} ms ${list(busy.map((r) => r.p99))}`,
    );
    console.log(`  p99 ${verdict(ratio, '<= 1.5x', ratio <= 1.5)}`);
  } finally {
    await bench.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
