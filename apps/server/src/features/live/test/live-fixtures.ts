import { spawn, type ChildProcess } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { WebSocket } from 'ws';
import type { CreateStreamBody, OwnStream } from '@glimpse/contract';
import { streams } from '../../../db/schema/index.ts';
import type { Client, TestServer } from '../../../test/harness.ts';
import { TEST_ORIGIN } from '../../../test/harness.ts';
import { liveMediaKey } from '../playback-urls.ts';

/** Tests only: streams over the real API, their ingest driven by a real ffmpeg. */

export async function startStream(c: Client, body: CreateStreamBody = { title: 'Live' }) {
  const response = await c.post('/api/streams', body);
  if (response.statusCode !== 201) throw new Error(`go live failed: ${response.body}`);
  return response.json<OwnStream>();
}

/**
 * A stream that is live with a playlist of `segments` fake segments in the blob store, without
 * ffmpeg: what the playback routes serve.
 */
export async function fakeLive(server: TestServer, streamId: number, segments = 3) {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    // What ffmpeg writes for half-second segments: it rounds the target duration with lrint.
    '#EXT-X-TARGETDURATION:0',
    '#EXT-X-MEDIA-SEQUENCE:0',
  ];
  for (let i = 0; i < segments; i += 1) {
    await server.ctx.blobs.put(liveMediaKey(streamId, `seg-${i}.ts`), Buffer.alloc(188, i));
    lines.push('#EXTINF:0.500000,', `seg-${i}.ts`);
  }
  const playlist = Buffer.from(`${lines.join('\n')}\n`);
  await server.ctx.blobs.put(liveMediaKey(streamId, 'index.m3u8'), playlist);
  await server.ctx.db
    .update(streams)
    .set({ status: 'live', startedAt: new Date(), lastDataAt: new Date() })
    .where(eq(streams.id, streamId));
}

/** The ingest WebSocket of a stream as the creator's browser opens it. */
export function openIngest(
  baseUrl: string,
  streamId: number,
  cookie: string | undefined,
  origin = TEST_ORIGIN,
): WebSocket {
  const url = `${baseUrl.replace(/^http/, 'ws')}/api/streams/${streamId}/ingest`;
  return new WebSocket(url, {
    headers: { origin, ...(cookie ? { cookie: `glimpse_session=${cookie}` } : {}) },
  });
}

/** Resolves when open; rejects with the HTTP status of a refused upgrade. */
export function opened(ws: WebSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** Resolves with the close code and reason. */
export function closed(ws: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => {
    if (ws.readyState === WebSocket.CLOSED) return resolve({ code: 0, reason: 'already closed' });
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
}

/**
 * A camera as MediaRecorder would send it: ffmpeg encodes a test pattern and a tone to WebM
 * (VP8 + Opus) in real time, and every chunk it writes goes to the socket as a binary message.
 */
export function pushTestPattern(ws: WebSocket, seconds: number): ChildProcess {
  // prettier-ignore
  const ffmpeg = spawn('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-re',
    '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=15',
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-t', String(seconds),
    '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k',
    '-c:a', 'libopus', '-cluster_time_limit', '1000', '-f', 'webm', 'pipe:1',
  ], { stdio: ['ignore', 'pipe', 'ignore'] });
  ffmpeg.stdout!.on('data', (chunk: Buffer) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(chunk);
  });
  return ffmpeg;
}

export function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
}

/** Polls until `check` answers something truthy (or throws after `timeoutMs`). */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 15_000,
  what: string | (() => Promise<string>) = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${typeof what === 'string' ? what : await what()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * OBS as ffmpeg: a test pattern and tone in H.264 + AAC, published in real time to
 * `rtmpUrl/key`. Resolves with ffmpeg's exit code once it stops (a refused key ends it early).
 */
export function publishRtmp(rtmpUrl: string, key: string, seconds: number) {
  // prettier-ignore
  const ffmpeg = spawn('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-re',
    '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=15',
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100',
    '-t', String(seconds),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '15', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-f', 'flv', `${rtmpUrl}/${key}`,
  ], { stdio: 'ignore' });
  const done = new Promise<number | null>((resolve) =>
    ffmpeg.once('exit', (code) => resolve(code)),
  );
  return { process: ffmpeg, done };
}

/** A TCP port nobody listens on now. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A stored file of the stream's HLS (what every node serves), or undefined. A read that fails
 * answers undefined too: s3rver aborts a GET whose object a PUT replaces meanwhile (the live
 * playlist, every half second), so pollers simply ask again.
 */
export async function storedHls(
  server: TestServer,
  streamId: number,
  file = 'index.m3u8',
): Promise<Buffer | undefined> {
  try {
    const blob = await server.ctx.blobs.get(liveMediaKey(streamId, file));
    if (!blob) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of blob) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } catch {
    return undefined;
  }
}
