// Media delivery (issue 30): the same blobs fetched by concurrent clients, streamed by the API from
// local disk (the baseline), streamed by the API from S3 (s3rver), and redirected by the API to a
// presigned s3rver URL the client then fetches; plus the 302 alone (the API's share when storage
// is a real S3 or a CDN). Three API processes of the production bundle on one PostgreSQL database.
// Run: npm run bench:media -w bench  (BENCH_DATABASE_URL or TEST_DATABASE_URL: admin URL)
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../../apps/server/src/db/schema/index.ts';
import { newBlobKey, type BlobStore } from '../../apps/server/src/platform/storage/blob-store.ts';
import { LocalDiskBlobStore } from '../../apps/server/src/platform/storage/local-disk-blob-store.ts';
import {
  S3BlobStore,
  type S3Settings,
} from '../../apps/server/src/platform/storage/s3-blob-store.ts';
import { buildServer, signUp, startGlimpse, type GlimpseProcess } from '../api/glimpse-process.ts';
import { cpuMsOf } from '../live/proc-cpu.ts';
import { fmt, median } from '../stories/measure.ts';
import {
  benchDbName,
  dropBenchDatabase,
  recreateBenchDatabase,
} from '../support/bench-database.ts';
import type { MediaLoadResult } from './fetch-load.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const REDIRECT_SECONDS = 30;
const dbName = benchDbName('glimpse_bench_media');
const here = path.dirname(fileURLToPath(import.meta.url));

const MEDIA = [
  { name: 'video 2 MB', bytes: 2_000_000, contentType: 'video/mp4', kind: 'story_video' },
  { name: 'image 60 kB', bytes: 60_000, contentType: 'image/webp', kind: 'story_image' },
] as const;

type Mode = 'stream' | 'redirect' | '302-only';
interface Scenario {
  name: string;
  server: 'local' | 's3Stream' | 's3Redirect';
  mode: Mode;
}
const SCENARIOS: Scenario[] = [
  { name: 'local disk, streamed', server: 'local', mode: 'stream' },
  { name: 'S3, streamed by the API', server: 's3Stream', mode: 'stream' },
  { name: 'S3, 302 + presigned GET', server: 's3Redirect', mode: 'redirect' },
  { name: 'S3, the 302 alone', server: 's3Redirect', mode: '302-only' },
];

interface Measured extends MediaLoadResult {
  apiCpuMsPerRequest: number;
  storageCpuMsPerRequest: number;
}

function load(url: string, cookie: string, ms: number, mode: Mode, bytes: number) {
  const args = [
    '--import',
    'tsx',
    path.join(here, 'fetch-load.ts'),
    url,
    cookie,
    String(CONCURRENCY),
    String(ms),
    mode,
    String(bytes),
  ];
  return new Promise<MediaLoadResult>((resolve, reject) =>
    execFile(process.execPath, args, { maxBuffer: 1 << 20 }, (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout) as MediaLoadResult),
    ),
  );
}

async function measure(
  url: string,
  cookie: string,
  mode: Mode,
  bytes: number,
  apiCpuMs: () => number,
  storageCpuMs: () => number,
): Promise<Measured> {
  await load(url, cookie, 1000, mode, bytes);
  const api = apiCpuMs();
  const storage = storageCpuMs();
  const result = await load(url, cookie, SECONDS * 1000, mode, bytes);
  return {
    ...result,
    apiCpuMsPerRequest: (apiCpuMs() - api) / result.requests,
    storageCpuMsPerRequest: (storageCpuMs() - storage) / result.requests,
  };
}

/** s3rver in its own process; resolves once it listens. */
async function startS3rver(directory: string): Promise<{ child: ChildProcess; endpoint: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(here, 's3rver-process.ts'), directory],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
    child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
  });
  return { child, endpoint: `http://127.0.0.1:${port}` };
}

/** A ready public story holding `key` as its video or picture, inserted as the pipeline would. */
async function seedStory(
  db: ReturnType<typeof drizzle<typeof schema>>,
  ownerId: number,
  media: (typeof MEDIA)[number],
  key: string,
): Promise<number> {
  const isVideo = media.kind === 'story_video';
  const [story] = await db
    .insert(schema.stories)
    .values({
      userId: ownerId,
      isVideo,
      status: 'ready',
      sourceKey: key,
      sourceContentType: media.contentType,
      ...(isVideo ? { mp4Key: key } : { imageKey: key }),
    })
    .returning({ id: schema.stories.id });
  await db.insert(schema.mediaObjects).values({
    key,
    ownerId,
    kind: media.kind,
    contentType: media.contentType,
    bytes: media.bytes,
    storyId: story!.id,
  });
  return story!.id;
}

/** The media URL a server hands the viewer for the story (its own signature). */
async function mediaUrlOf(server: GlimpseProcess, cookie: string, storyId: number) {
  const answer = await fetch(`${server.url}/api/stories/${storyId}`, { headers: { cookie } });
  if (!answer.ok) throw new Error(`story ${storyId}: ${answer.status}`);
  const story = (await answer.json()) as { mp4_video_src: string | null; overlay_src: string };
  return `${server.url}${story.mp4_video_src ?? story.overlay_src}`;
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') await buildServer();
  const databaseUrl = await recreateBenchDatabase(dbName);
  const dirs = ['s3', 'local', 'stream', 'redirect'].map((name) =>
    mkdtempSync(path.join(tmpdir(), `glimpse-bench-media-${name}-`)),
  );
  const [s3Dir, localDir, streamDir, redirectDir] = dirs as [string, string, string, string];
  const s3rver = await startS3rver(s3Dir);
  const settings: S3Settings = {
    endpoint: s3rver.endpoint,
    bucket: 'glimpse-bench-media',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const s3Env = {
    S3_ENDPOINT: settings.endpoint!,
    S3_BUCKET: settings.bucket,
    S3_REGION: settings.region,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  // One cluster: the same database and secret (sessions and signed URLs hold on every node).
  const common = { DATABASE_URL: databaseUrl, SECRET: randomBytes(32).toString('base64url') };
  const servers: Partial<Record<Scenario['server'], GlimpseProcess>> = {};
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => undefined);
  try {
    // One after the other: each migrates the database at start.
    servers.local = await startGlimpse({ ...common, DATA_DIR: localDir });
    servers.s3Stream = await startGlimpse({
      ...common,
      ...s3Env,
      DATA_DIR: streamDir,
      MEDIA_REDIRECT_SECONDS: '0',
    });
    servers.s3Redirect = await startGlimpse({
      ...common,
      ...s3Env,
      DATA_DIR: redirectDir,
      MEDIA_REDIRECT_SECONDS: String(REDIRECT_SECONDS),
    });

    const creator = await signUp(servers.local.url, 'creator@bench.example');
    const viewer = await signUp(servers.local.url, 'viewer@bench.example');
    const db = drizzle(pool, { schema });
    const stores: BlobStore[] = [
      new LocalDiskBlobStore(path.join(localDir, 'media')),
      new S3BlobStore(settings),
    ];
    const stories = new Map<string, number>();
    for (const media of MEDIA) {
      const key = newBlobKey();
      const data = randomBytes(media.bytes);
      for (const store of stores) await store.put(key, data);
      stories.set(media.name, await seedStory(db, creator.id, media, key));
    }

    console.log(
      `Media delivery: ${CONCURRENCY} concurrent clients, ${SECONDS} s x ${ROUNDS} rounds per ` +
        `scenario (medians), redirect TTL ${REDIRECT_SECONDS} s; load average ${loadavg()
          .map((l) => fmt(l))
          .join(' ')}`,
    );
    console.log(
      `presigning (S3BlobStore.presignedGetUrl): ${fmt(await presignCpuMsOf(stores[1]!), 3)} ms CPU each`,
    );
    const storageCpuMs = () => cpuMsOf(s3rver.child.pid!);
    for (const media of MEDIA) {
      const rounds = new Map<string, Measured[]>(SCENARIOS.map((s) => [s.name, []]));
      const urls = new Map<string, string>();
      for (const scenario of SCENARIOS) {
        const server = servers[scenario.server]!;
        urls.set(scenario.name, await mediaUrlOf(server, viewer.cookie, stories.get(media.name)!));
      }
      for (let round = 0; round < ROUNDS; round++) {
        for (const scenario of SCENARIOS) {
          const server = servers[scenario.server]!;
          rounds
            .get(scenario.name)!
            .push(
              await measure(
                urls.get(scenario.name)!,
                viewer.cookie,
                scenario.mode,
                media.bytes,
                server.cpuMs,
                storageCpuMs,
              ),
            );
        }
      }
      report(media.name, rounds);
    }
    console.log(
      `load average after: ${loadavg()
        .map((l) => fmt(l))
        .join(' ')}`,
    );
  } finally {
    for (const server of Object.values(servers)) await server.stop();
    s3rver.child.kill('SIGTERM');
    await pool.end();
    await dropBenchDatabase(dbName);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** CPU per presigned URL in this process: the part of a 302 that streaming does not pay. */
async function presignCpuMsOf(store: BlobStore): Promise<number> {
  const sign = () =>
    store.presignedGetUrl(newBlobKey(), REDIRECT_SECONDS, {
      contentType: 'video/mp4',
      cacheControl: 'private, no-store',
    });
  for (let i = 0; i < 500; i++) await sign();
  const before = process.cpuUsage();
  const count = 3000;
  for (let i = 0; i < count; i++) await sign();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / count;
}

/** One table per blob: medians over the rounds, ratios against local disk streamed. */
function report(mediaName: string, rounds: Map<string, Measured[]>) {
  const med = (name: string, pick: (m: Measured) => number) => median(rounds.get(name)!.map(pick));
  const baseline = SCENARIOS[0]!.name;
  const baseRate = med(baseline, (m) => m.perSecond);
  const baseCpu = med(baseline, (m) => m.apiCpuMsPerRequest);
  // The alternative to a redirect on S3 is the API streaming from S3.
  const s3StreamCpu = med(SCENARIOS[1]!.name, (m) => m.apiCpuMsPerRequest);
  console.log(`\n${mediaName}`);
  console.log(
    `${'scenario'.padEnd(26)} ${'req/s'.padStart(8)} ${'MB/s'.padStart(7)} ${'p50 ms'.padStart(8)} ` +
      `${'p99 ms'.padStart(8)} ${'API CPU ms/req'.padStart(15)} ${'s3rver CPU ms/req'.padStart(18)} ` +
      `${'req/s vs local'.padStart(15)} ${'API CPU vs local'.padStart(17)} ` +
      `${'API CPU vs S3 streamed'.padStart(23)}`,
  );
  for (const { name } of SCENARIOS) {
    const rate = med(name, (m) => m.perSecond);
    const cpu = med(name, (m) => m.apiCpuMsPerRequest);
    console.log(
      `${name.padEnd(26)} ${fmt(rate, 0).padStart(8)} ${fmt(
        med(name, (m) => m.megabytesPerSecond),
        0,
      ).padStart(7)} ` +
        `${fmt(
          med(name, (m) => m.p50),
          1,
        ).padStart(8)} ${fmt(
          med(name, (m) => m.p99),
          1,
        ).padStart(8)} ` +
        `${fmt(cpu, 3).padStart(15)} ${fmt(
          med(name, (m) => m.storageCpuMsPerRequest),
          3,
        ).padStart(18)} ` +
        `${`${fmt(rate / baseRate)}x`.padStart(15)} ${`${fmt(cpu / baseCpu)}x`.padStart(17)} ` +
        `${`${fmt(cpu / s3StreamCpu)}x`.padStart(23)}`,
    );
  }
}

await main();
