import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story, Stream } from '@glimpse/contract';
import { ENDED_HLS_KEEP_MS, removeEndedHls } from '../../features/live/live-leftovers.ts';
import { liveDirOf, livePrefix } from '../../features/live/playback-urls.ts';
import {
  eventually,
  exited,
  openIngest,
  opened,
  pushTestPattern,
  startStream,
  storedHls,
} from '../../features/live/test/live-fixtures.ts';
import { viewer } from '../../features/money/test/index.ts';
import { client, startPeerNode, startTestServer, type TestServer } from '../harness.ts';
import { startS3TestServer, testS3Settings, type S3TestServer } from '../s3-test-server.ts';

// Issue 30: a stream ingested by node A is played through node B, which shares the database
// and the S3 bucket (s3rver) but no disk: its HLS reaches B only through the store.

let s3: S3TestServer;
let nodeA: TestServer;
let nodeB: TestServer;
let urlA: string;
let work: string;

beforeAll(async () => {
  s3 = await startS3TestServer();
  nodeA = await startTestServer({ s3: testS3Settings(s3.endpoint) });
  urlA = await nodeA.app.listen({ port: 0, host: '127.0.0.1' });
  nodeB = await startPeerNode(nodeA);
  work = mkdtempSync(path.join(tmpdir(), 'glimpse-live-nodes-'));
});

afterAll(async () => {
  await nodeB?.stop();
  await nodeA?.stop();
  await s3?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

type Person = Awaited<ReturnType<typeof viewer>>;

const streamOn = async (person: Person, id: number) =>
  (await person.client.get(`/api/streams/${id}`)).json<Stream>();

/** What ffprobe reads in `data`: the codec of each stream, in order. */
async function codecsOf(data: Buffer, name: string): Promise<string[]> {
  const file = path.join(work, name);
  writeFileSync(file, data);
  // prettier-ignore
  const { stdout } = await promisify(execFile)('ffprobe', [
    '-v', 'error', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', file,
  ]);
  return stdout.split('\n').filter((line) => line.trim() !== '');
}

describe('a live stream across two nodes', () => {
  it('ingested on A is played through B, then its HLS leaves the store', async () => {
    const host = await viewer(nodeA);
    // The fan signs up and watches through node B only.
    const fan = await viewer(nodeB);
    const stream = await startStream(host.client, { title: 'Across', record: true });
    const ingest = openIngest(urlA, stream.id, host.client.cookie);
    await opened(ingest);
    const camera = pushTestPattern(ingest, 6);

    const playbackUrl = await eventually(
      async () => (await streamOn(fan, stream.id)).playback_url ?? undefined,
      20_000,
      'the stream live on B',
    );
    const segmentUrl = await eventually(async () => {
      const playlist = await fan.client.get(playbackUrl);
      if (playlist.statusCode !== 200) return undefined;
      return playlist.body.split('\n').find((line) => line.startsWith('/media/live/'));
    }, 10_000);
    const segment = await fan.client.get(segmentUrl);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toContain('video/mp2t');
    expect(segment.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
    expect(await codecsOf(segment.rawPayload, 'segment.ts')).toContain('h264');
    // B served it from the store: nothing of the stream was ever on its disk.
    expect(existsSync(liveDirOf(nodeB.config.dataDir, stream.id))).toBe(false);
    expect(existsSync(liveDirOf(nodeA.config.dataDir, stream.id))).toBe(true);

    await exited(camera);
    // The creator ends it through B: A, which runs the ingest, learns it from the database.
    const hostOnB = client(nodeB, { cookie: host.client.cookie });
    expect((await hostOnB.delete(`/api/streams/${stream.id}`)).statusCode).toBe(200);
    // The end of the playlist reaches the store; B serves neither playlist nor segments now.
    await eventually(
      async () => (await storedHls(nodeA, stream.id))?.toString().includes('#EXT-X-ENDLIST'),
      30_000,
      'the ENDLIST in the store',
    );
    expect((await fan.client.get(playbackUrl)).statusCode).toBe(403);
    expect((await fan.client.get(segmentUrl)).statusCode).toBe(403);
    expect(existsSync(liveDirOf(nodeA.config.dataDir, stream.id))).toBe(false);

    // The replay, made from the store, is a story whose video B serves.
    const replayId = await eventually(
      async () => (await streamOn(host, stream.id)).replay_story_id ?? undefined,
      30_000,
      'the replay story',
    );
    const story = await eventually(
      async () => {
        const response = await nodeB.app.inject({
          url: `/api/stories/${replayId}`,
          headers: { cookie: `glimpse_session=${host.client.cookie}` },
        });
        const body = response.json<Story>();
        return response.statusCode === 200 && body.is_processing === false && body;
      },
      60_000,
      'the replay processed',
    );
    const video = story.mp4_video_src ?? story.webm_video_src;
    expect(video).toBeTruthy();
    const media = await nodeB.app.inject({
      url: video!,
      headers: { cookie: `glimpse_session=${host.client.cookie}` },
    });
    // Streamed by B, or a presigned redirect to the bucket (docs/media-delivery.md).
    let bytes = media.rawPayload;
    if (media.statusCode === 302) {
      const fromBucket = await fetch(String(media.headers.location));
      expect(fromBucket.status).toBe(200);
      bytes = Buffer.from(await fromBucket.arrayBuffer());
    } else {
      expect(media.statusCode).toBe(200);
    }
    const codecs = await codecsOf(bytes, 'replay.bin');
    expect(codecs.some((codec) => ['h264', 'vp9', 'av1', 'vp8'].includes(codec))).toBe(true);

    // Two minutes after the end (the clock moved on), any node's sweep removes its HLS.
    const later = Date.now() + ENDED_HLS_KEEP_MS + 1_000;
    expect(await removeEndedHls(nodeB.ctx, later)).toBeGreaterThanOrEqual(1);
    expect(await nodeA.ctx.blobs.list(livePrefix(stream.id))).toEqual([]);
  }, 120_000);
});
