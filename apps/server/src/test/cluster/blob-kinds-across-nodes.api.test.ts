import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataExport, Message, Story } from '@glimpse/contract';
import { sendAudio } from '../../features/chats/test/audio-upload.ts';
import { jsonIn, unzip, waitForExport } from '../../features/exports/test/export-fixtures.ts';
import { makeAudio } from '../audio-fixtures.ts';
import { signedUpUser } from '../factories.ts';
import {
  client,
  startPeerNode,
  startTestServer,
  type Client,
  type TestServer,
} from '../harness.ts';
import { solidImage } from '../images.ts';
import { makeVideo } from '../media-fixtures.ts';
import { startS3TestServer, testS3Settings, type S3TestServer } from '../s3-test-server.ts';
import { postStory, processedStory } from '../stories.ts';
import { mediaKeyOf, tusUpload, uploadAvatar } from '../uploads.ts';

/*
 * Node A runs the workers; node B only answers requests (ROLE=api). What a request stores is
 * written by B, what a job makes (variants, transcodes, export archives) by A, and each is read
 * through the other node: nothing may depend on the disk of the node that wrote it.
 */
let s3: S3TestServer;
let nodeA: TestServer;
let nodeB: TestServer;

beforeAll(async () => {
  s3 = await startS3TestServer();
  nodeA = await startTestServer({ s3: testS3Settings(s3.endpoint) });
  nodeB = await startPeerNode(nodeA, { role: 'api' });
});

afterAll(async () => {
  await nodeB?.stop();
  await nodeA?.stop();
  await s3?.close();
});

async function userOnBothNodes(): Promise<{ onA: Client; onB: Client; id: number }> {
  const { client: onA, user } = await signedUpUser(nodeA);
  return { onA, onB: client(nodeB, { cookie: onA.cookie }), id: user.id };
}

/** Every URL of a `srcset` (`url 240w, url 480w`). */
const srcsetUrls = (srcset: string | null | undefined) =>
  (srcset ?? '')
    .split(', ')
    .filter(Boolean)
    .map((candidate) => candidate.split(' ')[0]!);

/** GETs `url` through both nodes: 200 and the same bytes from each, which it answers. */
async function readOnBoth(viaA: Client, viaB: Client, url: string): Promise<Buffer> {
  const [a, b] = [await viaA.get(url), await viaB.get(url)];
  expect(a.statusCode, `${url} via A`).toBe(200);
  expect(b.statusCode, `${url} via B`).toBe(200);
  expect(a.rawPayload.length).toBeGreaterThan(0);
  expect(a.rawPayload.equals(b.rawPayload), url).toBe(true);
  return a.rawPayload;
}

/** The blob is in the bucket, as either node's store sees it. */
async function inBucket(url: string): Promise<void> {
  const key = mediaKeyOf(url);
  expect(await nodeA.ctx.blobs.stat(key), key).toBeDefined();
  expect(await nodeB.ctx.blobs.stat(key), key).toBeDefined();
}

describe('every blob kind written on one node is read on the other (shared bucket)', () => {
  it('an image story and its variants', async () => {
    const { onA, onB } = await userOnBothNodes();
    const jpeg = await sharp({
      create: { width: 1200, height: 2400, channels: 3, background: '#3a6' },
    })
      .jpeg()
      .toBuffer();
    const posted = await postStory(onB, { data: jpeg, filename: 'tall.jpg' });
    expect(posted.statusCode, posted.body).toBe(201);
    const story = await processedStory(nodeA, onA, posted.json<Story>().id);
    expect(story.processing_error).toBeNull();
    const variants = srcsetUrls(story.overlay_srcset);
    expect(variants.length).toBeGreaterThanOrEqual(3);
    for (const url of new Set([story.overlay_src!, ...variants])) {
      await inBucket(url);
      const image = await sharp(await readOnBoth(onA, onB, url)).metadata();
      expect(image.format).toBe('webp');
    }
  });

  it('a video story', async () => {
    const { onA, onB } = await userOnBothNodes();
    const posted = await postStory(onB, {
      data: await makeVideo({ seconds: 1 }),
      filename: 'clip.mp4',
      contentType: 'video/mp4',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const story = await processedStory(nodeA, onA, posted.json<Story>().id);
    expect(story).toMatchObject({ is_video: true, processing_error: null });
    await inBucket(story.mp4_video_src!);
    const mp4 = await readOnBoth(onA, onB, story.mp4_video_src!);
    expect(mp4.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const ranged = await onB.request({
      method: 'GET',
      url: story.mp4_video_src!,
      headers: { range: 'bytes=4-7' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.toString('latin1')).toBe('ftyp');
    for (const url of [story.overlay_image_src, story.webm_video_src].filter(Boolean)) {
      await readOnBoth(onA, onB, url!);
    }
  });

  it('an avatar and its variants', async () => {
    const { onA, onB } = await userOnBothNodes();
    const uploaded = await uploadAvatar(onB, {
      data: await solidImage('png', 700, 700),
      filename: 'me.png',
      contentType: 'image/png',
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    await nodeA.ctx.jobs.drain(60_000);
    const me = (await onA.get('/api/auth/me')).json<{
      avatar_url: string;
      avatar_srcset: string;
    }>();
    const urls = srcsetUrls(me.avatar_srcset);
    expect(urls.length).toBe(3);
    expect(urls).toContain(me.avatar_url);
    for (const url of urls) {
      await inBucket(url);
      expect((await sharp(await readOnBoth(onA, onB, url)).metadata()).format).toBe('webp');
    }
  });

  it('a voice message in a chat', async () => {
    const alice = await userOnBothNodes();
    const bob = await userOnBothNodes();
    const sent = await sendAudio(
      alice.onB,
      { receiverId: bob.id, duration: 1 },
      { data: await makeAudio({ seconds: 1, format: 'webm' }) },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const message = sent.json<Message>();
    await inBucket(message.audio_file_url!);
    const audio = await readOnBoth(alice.onA, alice.onB, message.audio_file_url!);
    expect(audio.subarray(4, 8).toString('latin1')).toBe('ftyp');
    // Bob, the other member, hears it through node A.
    const bobsUrl = nodeA.ctx.mediaSigner.url(mediaKeyOf(message.audio_file_url!), bob.id);
    expect((await bob.onA.get(bobsUrl)).rawPayload.equals(audio)).toBe(true);
  });

  it('a finished resumable upload', async () => {
    const { onA, onB } = await userOnBothNodes();
    const data = randomBytes(300_000);
    const id = await tusUpload(onB, data, 'notes.bin');
    const download = await onA.get(`/api/uploads/${id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(data)).toBe(true);
  });

  it('a data export archive, made on the worker from blobs written by the API node', async () => {
    const { onA, onB } = await userOnBothNodes();
    const photo = await solidImage('png', 120, 200);
    const posted = await postStory(onB, {
      data: photo,
      filename: 'beach.png',
      contentType: 'image/png',
      model: { text: 'exported' },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const story = await processedStory(nodeA, onA, posted.json<Story>().id);

    const requested = await onB.post('/api/users/me/exports');
    expect(requested.statusCode, requested.body).toBe(201);
    await nodeA.ctx.jobs.drain(60_000);
    const ready = await waitForExport(
      onB,
      requested.json<DataExport>().id,
      (e) => e.status === 'ready',
    );
    const archive = await readOnBoth(onA, onB, ready.download_url!);
    expect(archive.length).toBe(ready.size_bytes);
    const entries = await unzip(archive);
    const stories = jsonIn<{ id: number; file: string }[]>(entries, 'stories.json');
    expect(stories.map((s) => s.id)).toEqual([story.id]);
    expect(entries.get(stories[0]!.file)!.equals(photo)).toBe(true);
  });

  it('kept nothing on either node’s disk', async () => {
    for (const node of [nodeA, nodeB]) {
      const media = await readdir(path.join(node.config.dataDir, 'media')).catch(() => []);
      expect(media).toEqual([]);
      const uploads = await readdir(path.join(node.config.dataDir, 'uploads')).catch(() => []);
      expect(uploads).toEqual([]);
    }
  });
});
