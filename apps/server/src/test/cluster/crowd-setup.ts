import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import type { CrowdRecorder } from './crowd-recorder.ts';
import { CrowdUser } from './crowd-user.ts';

/**
 * What the crowd's people flip by hand in the database: the mailed confirmation link followed
 * (paying needs a confirmed address) and, for creators, the identity check passed (charging and
 * tips need it), as the API tests' factories do. Everything else goes through the API.
 */
export async function markUsers(
  databaseUrl: string,
  confirmed: number[],
  verified: number[],
): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('update users set email_verified_at = now() where id = any($1::int[])', [
      confirmed,
    ]);
    await client.query('update users set verify_ondato_at = now() where id = any($1::int[])', [
      verified,
    ]);
  } finally {
    await client.end();
  }
}

/** Runs `task` over `items`, `width` at a time (sign-ups hash passwords: not all at once). */
export async function inBatches<T>(
  items: T[],
  width: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await task(items[index]!, index);
      }
    }),
  );
}

export async function storyImage(seed: number): Promise<Buffer> {
  const color = `#${((seed * 2654435761) >>> 8).toString(16).padStart(6, '0').slice(0, 6)}`;
  return sharp({ create: { width: 480, height: 640, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

/** POST /api/stories as multipart, as the web client posts a photo. */
async function postStory(user: CrowdUser, image: Buffer, price: number | null): Promise<number> {
  const form = new FormData();
  form.append('model', JSON.stringify({ text: 'crowd story', price }));
  form.append('meta', JSON.stringify({ width: 480, height: 640 }));
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'story.jpg');
  const response = await fetch(`${user.url}/api/stories`, {
    method: 'POST',
    headers: { origin: user.url, cookie: user.cookie },
    body: form,
  });
  if (response.status !== 201)
    throw new Error(`story post: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

export interface Creators {
  users: CrowdUser[];
  /** Stories still processing are not shown: wait until the worker has made them. */
  storyIds: number[];
}

/** `count` verified creators, each with a free story and one at a price. */
export async function seedCreators(
  url: string,
  databaseUrl: string,
  recorder: CrowdRecorder,
  count: number,
): Promise<Creators> {
  const users = Array.from({ length: count }, () => new CrowdUser(url, recorder));
  await inBatches(users, 4, (user, index) => user.signUp(`Creator ${index + 1}`));
  await markUsers(
    databaseUrl,
    users.map((u) => u.id),
    users.map((u) => u.id),
  );
  const storyIds: number[] = [];
  await inBatches(users, 4, async (user, index) => {
    const image = await storyImage(index + 1);
    storyIds.push(await postStory(user, image, null));
    storyIds.push(await postStory(user, image, 1.99));
  });
  // The worker makes the variants (through S3); a story shows once they are there.
  const deadline = Date.now() + 120_000;
  for (const user of users)
    for (;;) {
      const response = await fetch(`${url}/api/users/me/stories`, {
        headers: { cookie: user.cookie },
      });
      const own = (await response.json()) as {
        is_processing: boolean;
        processing_error: unknown;
      }[];
      if (own.some((story) => story.processing_error))
        throw new Error(`a story failed to process: ${JSON.stringify(own)}`);
      if (response.ok && own.length >= 2 && own.every((story) => !story.is_processing)) break;
      if (Date.now() > deadline) throw new Error('stories still processing after 2 minutes');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  return { users, storyIds };
}

export interface LiveSource {
  streamId: number;
  ffmpeg: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The first creator goes live over RTMP through nginx's stream proxy: ffmpeg publishes a test
 * pattern as OBS would, and the stream is live once its first segments are in the store.
 */
export async function startLive(creator: CrowdUser, rtmpUrl: string): Promise<LiveSource> {
  const started = await creator.call('POST /api/streams', 'POST', '/api/streams', {
    title: `Crowd ${randomBytes(3).toString('hex')}`,
    ingest: 'rtmp',
  });
  if (started.status !== 201 && started.status !== 200)
    throw new Error(`stream start: ${started.status} ${JSON.stringify(started.body)}`);
  const stream = started.body as { id: number; ingest: { stream_key: string | null } };
  if (!stream.ingest.stream_key) throw new Error('the stream has no RTMP key (RTMP off?)');
  const ffmpeg = spawn(
    process.env.FFMPEG_PATH ?? 'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=426x240:rate=15'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '30'],
      ...['-b:v', '300k', '-c:a', 'aac', '-b:a', '64k', '-f', 'flv'],
      `${rtmpUrl}/${stream.ingest.stream_key}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => ffmpeg.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const state = await creator.call('GET /api/streams/{id}', 'GET', `/api/streams/${stream.id}`);
    if ((state.body as { playback_url?: string | null }).playback_url) break;
    if (ffmpeg.exitCode !== null) throw new Error('ffmpeg exited before the stream went live');
    if (Date.now() > deadline) throw new Error('the stream was not live within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    streamId: stream.id,
    ffmpeg,
    stop: async () => {
      ffmpeg.kill('SIGINT');
      await exited;
      await creator.call('DELETE /api/streams/{id}', 'DELETE', `/api/streams/${stream.id}`);
    },
  };
}

export const idempotencyKey = () => ({ 'idempotency-key': randomUUID() });
