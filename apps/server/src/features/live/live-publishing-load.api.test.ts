import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stream } from '@glimpse/contract';
import { subscriptions } from '../../db/schema/index.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { seedSubscription } from '../../test/access-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { viewer } from '../money/test/index.ts';
import { HlsPublisher } from './hls-publisher.ts';
import { LiveMediaCache } from './live-media-cache.ts';
import { liveMediaKey } from './playback-urls.ts';
import { fakeLive, startStream } from './test/live-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/**
 * ffmpeg as the ingest node runs it, in a process of its own (the players' load here never
 * slows it): a segment every `everyMs`, then the playlist of the last twelve written beside it
 * and renamed into place. Segment sizes vary, and so does the playlist's length as the numbers
 * gain digits. Resolves with how many segments it wrote.
 */
const ENCODER = `
const { writeFileSync, renameSync } = require('node:fs');
const path = require('node:path');
const [dir, everyMs, seconds] = process.argv.slice(1);
const until = Date.now() + Number(seconds) * 1000;
let n = 95;
const tick = () => {
  if (Date.now() > until) return console.log(n - 95);
  writeFileSync(path.join(dir, 'seg-' + n + '.ts'), Buffer.alloc(2000 + (n % 7) * 3000, n));
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-TARGETDURATION:0'];
  const first = Math.max(95, n - 11);
  lines.push('#EXT-X-MEDIA-SEQUENCE:' + first);
  for (let s = first; s <= n; s++) lines.push('#EXTINF:' + (s % 2 ? '0.500000' : '0.480000') + ',', 'seg-' + s + '.ts');
  writeFileSync(path.join(dir, 'index.m3u8.tmp'), lines.join('\\n') + '\\n');
  renameSync(path.join(dir, 'index.m3u8.tmp'), path.join(dir, 'index.m3u8'));
  n += 1;
  setTimeout(tick, Number(everyMs));
};
tick();
`;

function fakeEncoder(dir: string, everyMs: number, seconds: number): Promise<number> {
  const child = spawn(process.execPath, ['-e', ENCODER, dir, String(everyMs), String(seconds)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', () => resolve(Number(out.trim())));
  });
}

describe('live playback while the publisher writes, under load', () => {
  it('answers every playlist and segment a playing viewer asks for, and still refuses one who lost access', async () => {
    const host = await viewer(server);
    const fans = [await viewer(server), await viewer(server), await viewer(server)];
    for (const fan of fans) await seedSubscription(server, fan.id, host.id);
    const stream = await startStream(host.client, { title: 'Busy', audience: 'subscribers' });
    await fakeLive(server, stream.id, 1);
    // The publisher as another node runs it: its own store handle, so its own cache. This
    // node's cache reads every playlist from the shared store, as a cluster's other nodes do.
    const elsewhere: BlobStore = Object.create(server.ctx.blobs) as BlobStore;
    const dir = await mkdtemp(path.join(tmpdir(), 'glimpse-live-load-'));
    // A node serves a playlist copy up to 4 s old when a read of the store fails under load
    // (live-media-cache.ts); in production the 6 s window and the segments kept behind it cover
    // that. This encoder writes ten segments a second, so 4 s is 40 segments behind.
    const publisher = new HlsPublisher({ ...server.ctx, blobs: elsewhere }, stream.id, dir, 40);
    await publisher.start();

    const urls = await Promise.all(
      fans.map(async (fan) => {
        const answer = await fan.client.get(`/api/streams/${stream.id}`);
        return answer.json<Stream>().playback_url!;
      }),
    );
    const refused: string[] = [];
    let served = 0;
    let done = false;
    const encoder = fakeEncoder(dir, 100, 6);
    // Ten players per fan, each reloading the playlist and fetching every segment it names.
    const players = fans.flatMap((fan, f) =>
      Array.from({ length: 10 }, async () => {
        while (!done) {
          const playlist = await fan.client.get(urls[f]!);
          served += 1;
          if (playlist.statusCode !== 200) {
            refused.push(`playlist ${playlist.statusCode} ${playlist.body}`);
            continue;
          }
          const segments = playlist.body.split('\n').filter((l) => l.startsWith('/media/live/'));
          for (const url of segments.slice(-3)) {
            const segment = await fan.client.get(url);
            served += 1;
            if (segment.statusCode !== 200)
              refused.push(`segment ${segment.statusCode} ${url.split('?')[0]} ${segment.body}`);
          }
        }
      }),
    );
    const written = await encoder;
    done = true;
    await Promise.all(players);
    await publisher.stop();
    await rm(dir, { recursive: true, force: true });

    expect(written).toBeGreaterThan(30);
    expect(served).toBeGreaterThan(300);
    expect(refused).toEqual([]);

    // Every access check stands: a fan whose subscription ended gets no playlist.
    await server.ctx.db
      .update(subscriptions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(subscriptions.subscriberId, fans[0]!.id));
    expect((await fans[0]!.client.get(urls[0]!)).statusCode).toBe(403);
  }, 60_000);

  it('hands every node a whole playlist while the publisher replaces it in the store', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'glimpse-live-load-'));
    const streamId = 900_000 + Math.floor(Math.random() * 1_000);
    const publisher = new HlsPublisher(server.ctx, streamId, dir, 4);
    await publisher.start();
    const key = liveMediaKey(streamId, 'index.m3u8');
    // Sixteen nodes' copies, each reading the store as its viewers ask (an S3-compatible
    // server may answer a read that meets a replacement with an error, a cut body or a stall).
    const caches = Array.from({ length: 16 }, () => new LiveMediaCache(server.ctx.blobs));
    const wrong: string[] = [];
    let answered = 0;
    let done = false;
    const encoder = fakeEncoder(dir, 50, 5);
    // Every reader starts once the first playlist is out, as a player does.
    await publisher.firstPublished;
    const readers = caches.flatMap((cache) =>
      Array.from({ length: 3 }, async () => {
        while (!done) {
          const text = await cache.playlist(key);
          answered += 1;
          if (text === undefined) wrong.push('none');
          else if (!text.startsWith('#EXTM3U') || !text.endsWith('\n'))
            wrong.push(`cut: ${JSON.stringify(text.slice(-20))}`);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }),
    );
    const written = await encoder;
    done = true;
    await Promise.all(readers);
    await publisher.stop();
    await rm(dir, { recursive: true, force: true });
    expect(written).toBeGreaterThan(30);
    expect(answered).toBeGreaterThan(500);
    expect(wrong.slice(0, 5)).toEqual([]);
  }, 60_000);
});
