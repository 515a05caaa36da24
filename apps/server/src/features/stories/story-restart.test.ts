import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '@glimpse/contract';
import { parentDeathSignalAvailable } from '../../platform/media-tools/run-tool.ts';
import { registration } from '../../test/factories.ts';
import { makeVideo } from '../../test/media-fixtures.ts';
import { usePostgres } from '../../test/test-database.ts';
import { childrenNamed, isProcessRunning, killIfRunning, waitUntil } from '../../test/processes.ts';
import { sessionCookie, spawnServer, type SpawnedServer } from '../../test/spawned-server.ts';

const VIDEO_SECONDS = 10;
let dataDir: string;
let video: Buffer;
const started: SpawnedServer[] = [];

async function start(): Promise<SpawnedServer> {
  const server = await spawnServer(dataDir);
  started.push(server);
  return server;
}

async function postVideo(server: SpawnedServer, cookie: string): Promise<Story> {
  const form = new FormData();
  form.append('model', JSON.stringify({ text: 'survives a crash' }));
  form.append('meta', JSON.stringify({ muted: false }));
  form.append('file', new Blob([video], { type: 'video/mp4' }), 'long.mp4');
  const response = await server.fetch('/api/stories', { method: 'POST', body: form, cookie });
  expect(response.status).toBe(201);
  return (await response.json()) as Story;
}

async function storyAsOwner(server: SpawnedServer, cookie: string, id: number): Promise<Story> {
  const response = await server.fetch(`/api/stories/${id}`, { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as Story;
}

// The spawned servers run on PGlite in a data dir whichever project runs this file; once is
// enough. (On PostgreSQL a dead worker's job comes back through pg-boss heartbeats instead.)
describe.skipIf(usePostgres())('a crash in the middle of a transcode', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'glimpse-restart-'));
    // Long and large enough that transcoding takes seconds, so the kill lands in the middle of it
    // (the test checks that the encoder is still running when it kills the server).
    video = await makeVideo({ seconds: VIDEO_SECONDS, width: 1280, height: 720 });
  }, 120_000);

  afterAll(async () => {
    for (const server of started) {
      try {
        process.kill(-server.pid, 'SIGKILL');
      } catch {
        // Already gone with its group.
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is resumed by the next process on the same data directory, and the story becomes ready', async () => {
    const first = await start();
    const signUp = await first.fetch('/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(registration()),
    });
    expect(signUp.status).toBe(201);
    const cookie = sessionCookie(signUp);
    const posted = await postVideo(first, cookie);

    // Wait for the transcode (not the probe) to be under way, then give it a moment to write.
    let ffmpeg: number | undefined;
    const transcoding = await waitUntil(
      () => (ffmpeg = childrenNamed(first.pid, 'ffmpeg', 'libx264')[0]) !== undefined,
      60_000,
    );
    expect(transcoding, first.output()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(isProcessRunning(ffmpeg!)).toBe(true);
    expect((await storyAsOwner(first, cookie, posted.id)).is_processing).toBe(true);

    if (parentDeathSignalAvailable()) {
      // Only the server dies, as with the OOM killer: its ffmpeg must not outlive it.
      process.kill(first.pid, 'SIGKILL');
    } else {
      process.kill(-first.pid, 'SIGKILL');
    }
    await first.exited;
    expect(await waitUntil(() => !isProcessRunning(ffmpeg!), 5_000)).toBe(true);
    killIfRunning(ffmpeg);

    const second = await start();
    let story = await storyAsOwner(second, cookie, posted.id);
    const ready = await waitUntil(
      async () => {
        story = await storyAsOwner(second, cookie, posted.id);
        return !story.is_processing;
      },
      90_000,
      500,
    );
    expect(ready, second.output()).toBe(true);
    expect(story.processing_error).toBeNull();
    expect(story.mp4_video_src).toMatch(/^\/media\//);
    expect(story.overlay_image_src).toMatch(/^\/media\//);
    expect(Math.abs(story.video_duration! - VIDEO_SECONDS)).toBeLessThanOrEqual(0.2);
    const mp4 = await second.fetch(story.mp4_video_src!, { cookie });
    expect(mp4.status).toBe(200);
    expect(mp4.headers.get('content-type')).toBe('video/mp4');

    process.kill(second.pid, 'SIGTERM');
    expect(await second.exited).toBe(0);
  }, 240_000);
});
