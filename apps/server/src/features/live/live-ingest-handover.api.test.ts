import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stream } from '@glimpse/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { viewer } from '../money/test/index.ts';
import { ingestOf } from './ingest-registry.ts';
import type { IngestSource } from './ingest-registry.ts';
import type { LiveIngest } from './live-ingest.ts';
import { liveDirOf } from './playback-urls.ts';
import { StreamSweeper } from './stream-sweeper.ts';
import { eventually, startStream } from './test/live-fixtures.ts';

// The node's ingest driven directly (a connection is an IngestSource, as the WebSocket route
// makes one) with the real ffmpeg, so the order of events within one tick is the test's: a
// reconnect while the previous ffmpeg still flushes, and an encoder that falls behind.

const GRACE_SECONDS = 4;

let server: TestServer;
let ingest: LiveIngest;
let webm: Buffer;
beforeAll(async () => {
  server = await startTestServer({ streamReconnectGraceSeconds: GRACE_SECONDS });
  ingest = ingestOf(server.ctx) as LiveIngest;
  // Three seconds of what MediaRecorder sends: VP8 + Opus in WebM, its header at the start.
  // prettier-ignore
  const { stdout } = await promisify(execFile)('ffmpeg', [
    '-hide_banner', '-loglevel', 'error',
    '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=15',
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-t', '3',
    '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k',
    '-c:a', 'libopus', '-f', 'webm', 'pipe:1',
  ], { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 });
  webm = stdout;
});
afterAll(async () => {
  await server?.stop();
});

/** A browser connection as the ingest sees it; it records why the server closed it. */
function connection() {
  const source: IngestSource & { closedWith?: { code: number; reason: string } } = {
    input: { kind: 'pipe' },
    close: (why) => {
      source.closedWith ??= why;
    },
    isOpen: () => source.closedWith === undefined,
    feeds: true,
  };
  return source;
}

const playlistOf = (streamId: number) => {
  try {
    return readFileSync(
      path.join(liveDirOf(server.config.dataDir, streamId), 'index.m3u8'),
      'utf8',
    );
  } catch {
    return '';
  }
};

async function statusOf(host: Awaited<ReturnType<typeof viewer>>, streamId: number) {
  return (await host.client.get(`/api/streams/${streamId}`)).json<Stream>().status;
}

/** The live ffmpeg of a stream, by the folder it writes to (a child of this process). */
function writerPid(streamId: number): number | undefined {
  const dir = liveDirOf(server.config.dataDir, streamId);
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (cmdline.startsWith('ffmpeg') && cmdline.includes(dir)) return Number(name);
    } catch {
      // Gone meanwhile.
    }
  }
  return undefined;
}

describe('live ingest handover', () => {
  it("keeps a new connection's first chunks while the previous ffmpeg still flushes", async () => {
    const host = await viewer(server);
    const stream = await startStream(host.client);
    const first = connection();
    expect(ingest.connect(stream.id, first)).toBe(true);
    ingest.feed(stream.id, first, webm);
    await eventually(async () => (await statusOf(host, stream.id)) === 'live', 20_000);

    // The page reloads: its old connection goes, the new one arrives and sends its WebM header
    // at once, before the first ffmpeg can have exited.
    ingest.disconnected(stream.id, first);
    const second = connection();
    expect(ingest.connect(stream.id, second)).toBe(true);
    const headerChunk = webm.subarray(0, 4096);
    ingest.feed(stream.id, second, headerChunk);
    // The rest comes a second later, as MediaRecorder's next chunks would.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    ingest.feed(stream.id, second, webm.subarray(headerChunk.length));

    // The next ffmpeg read it all: the playlist goes on behind a discontinuity.
    await eventually(
      async () => playlistOf(stream.id).includes('#EXT-X-DISCONTINUITY'),
      20_000,
      async () => `a discontinuity (closed with ${JSON.stringify(second.closedWith)})`,
    );
    expect(second.closedWith).toBeUndefined();
    expect(await statusOf(host, stream.id)).toBe('live');
    await host.client.delete(`/api/streams/${stream.id}`);
  }, 60_000);

  it('does not end a stream whose video waits for a busy encoder', async () => {
    const host = await viewer(server);
    const stream = await startStream(host.client);
    const camera = connection();
    expect(ingest.connect(stream.id, camera)).toBe(true);
    ingest.feed(stream.id, camera, webm);
    await eventually(async () => (await statusOf(host, stream.id)) === 'live', 20_000);

    // The machine is too busy for the encoder (stopped here): its pipe fills, the connection
    // waits for it, and no chunk arrives for longer than the grace.
    const pid = await eventually(async () => writerPid(stream.id), 5_000, 'the live ffmpeg');
    process.kill(pid, 'SIGSTOP');
    try {
      let taken = true;
      for (let i = 0; i < 200 && taken; i += 1) taken = ingest.feed(stream.id, camera, webm);
      expect(taken).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, (GRACE_SECONDS + 3) * 1000));
      expect(await new StreamSweeper(server.ctx).sweep()).toBe(0);
      expect(await statusOf(host, stream.id)).toBe('live');
      expect(camera.closedWith).toBeUndefined();
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    await host.client.delete(`/api/streams/${stream.id}`);
  }, 60_000);
});
