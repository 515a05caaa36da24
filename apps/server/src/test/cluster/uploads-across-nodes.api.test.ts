import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Upload } from '@tus/server';
import type { Story } from '@glimpse/contract';
import { createTusUploads } from '../../features/uploads/index.ts';
import { PrefixedS3Store, UPLOADS_PREFIX } from '../../features/uploads/s3-upload-store.ts';
import { signedUpUser } from '../factories.ts';
import { client, startPeerNode, startTestServer, type TestServer } from '../harness.ts';
import { makeVideo } from '../media-fixtures.ts';
import { startS3TestServer, testS3Settings, type S3TestServer } from '../s3-test-server.ts';
import { processedStory } from '../stories.ts';
import { tusCreate, tusHead, tusPatch } from '../uploads.ts';

let s3: S3TestServer;
let nodeA: TestServer;
let nodeB: TestServer;
let video: Buffer;

beforeAll(async () => {
  s3 = await startS3TestServer();
  nodeA = await startTestServer({ s3: testS3Settings(s3.endpoint) });
  nodeB = await startPeerNode(nodeA);
  video = await makeVideo({ seconds: 1 });
});

afterAll(async () => {
  await nodeB?.stop();
  await nodeA?.stop();
  await s3?.close();
});

/** The bucket's uploads, with a way to make one look a day and a minute old. */
class AgingStore extends PrefixedS3Store {
  async backdate(id: string, byMs: number): Promise<void> {
    const stored = await this.getMetadata(UPLOADS_PREFIX + id);
    stored.file.creation_date = new Date(Date.now() - byMs).toISOString();
    await this.saveMetadata(stored.file, stored['upload-id']);
  }
}

/** The same signed-in user, once through each node (sessions live in the shared database). */
async function userOnBothNodes() {
  const { client: onA, user } = await signedUpUser(nodeA);
  const onB = client(nodeB, { cookie: onA.cookie });
  return { onA, onB, user };
}

describe('resumable uploads across two nodes sharing a bucket', () => {
  it('resumes on node B an upload started on node A, posts it there and serves it from A', async () => {
    const { onA, onB, user } = await userOnBothNodes();
    const { response, id } = await tusCreate(onA, video.length);
    expect(response.statusCode).toBe(201);
    const half = Math.floor(video.length / 2);
    expect((await tusPatch(onA, id, 0, video.subarray(0, half))).statusCode).toBe(204);

    // The upload lives in the bucket under uploads/, not on node A's disk.
    const keys = await nodeB.ctx.blobs.list('uploads/');
    expect(keys).toContain(`uploads/${id}.info`);
    expect(keys.every((key) => key.startsWith(`uploads/${user.id}-`))).toBe(true);

    const resumed = await tusHead(onB, id);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.headers['upload-offset']).toBe(String(half));
    expect(resumed.headers['upload-length']).toBe(String(video.length));
    expect((await tusPatch(onB, id, 0, video.subarray(half))).statusCode).toBe(409);
    const rest = await tusPatch(onB, id, half, video.subarray(half));
    expect(rest.statusCode).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(video.length));
    // Node A sees it finished too (no stale per-node cache of the upload).
    expect((await tusHead(onA, id)).headers['upload-offset']).toBe(String(video.length));

    const posted = await onB.post('/api/stories', {
      upload_id: id,
      model: { text: 'across nodes', tags: [] },
      meta: {},
    });
    expect(posted.statusCode).toBe(201);
    const story = await processedStory(nodeB, onB, posted.json<Story>().id);
    expect(story).toMatchObject({ is_processing: false, processing_error: null, is_video: true });

    const media = await onA.get(story.mp4_video_src!);
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    // Handed over to the story: gone from the bucket, on both nodes.
    expect((await nodeA.ctx.blobs.list('uploads/')).filter((k) => k.includes(id))).toEqual([]);
    for (const c of [onA, onB]) {
      const again = await c.post('/api/stories', {
        upload_id: id,
        model: { text: 'twice', tags: [] },
        meta: {},
      });
      expect(again.statusCode).toBe(404);
      expect(again.json().err_key).toBe('upload_not_found');
    }
  });

  it('carries a file of several S3 parts across nodes and downloads it whole from either', async () => {
    const { onA, onB } = await userOnBothNodes();
    // 11 MiB: the first PATCH is a full multipart part (S3's minimum is 5 MiB), the second the last.
    const data = randomBytes(11 * 1024 * 1024);
    const first = 6 * 1024 * 1024;
    const { id } = await tusCreate(onA, data.length, 'big.bin');
    expect((await tusPatch(onA, id, 0, data.subarray(0, first))).statusCode).toBe(204);
    expect((await tusHead(onB, id)).headers['upload-offset']).toBe(String(first));
    // Not finished yet: refused as such on the other node.
    const early = await onB.get(`/api/uploads/${id}`);
    expect(early.statusCode).toBe(409);
    expect(early.json().err_key).toBe('upload_incomplete');
    expect((await tusPatch(onB, id, first, data.subarray(first))).statusCode).toBe(204);

    for (const c of [onA, onB]) {
      const download = await c.get(`/api/uploads/${id}`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-length']).toBe(String(data.length));
      expect(download.headers['content-disposition']).toContain('big.bin');
      expect(download.rawPayload.equals(data)).toBe(true);
    }
  });

  it("refuses another user's resume on node B as not found, and leaves the upload intact", async () => {
    const { onA: owner, onB: ownerOnB } = await userOnBothNodes();
    const { client: other } = await signedUpUser(nodeA);
    const otherOnB = client(nodeB, { cookie: other.cookie });
    const { id } = await tusCreate(owner, video.length);
    const half = Math.floor(video.length / 2);
    expect((await tusPatch(owner, id, 0, video.subarray(0, half))).statusCode).toBe(204);

    const head = await tusHead(otherOnB, id);
    expect(head.statusCode).toBe(404);
    const stolen = await tusPatch(otherOnB, id, half, video.subarray(half));
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().err_key).toBe('upload_not_found');
    const download = await otherOnB.get(`/api/uploads/${id}`);
    expect(download.statusCode).toBe(404);
    expect(download.json().err_key).toBe('upload_not_found');

    expect((await tusHead(ownerOnB, id)).headers['upload-offset']).toBe(String(half));
    expect((await tusPatch(ownerOnB, id, half, video.subarray(half))).statusCode).toBe(204);
  });

  it('answers 410 on every node for an upload past its expiry', async () => {
    const { onA, onB } = await userOnBothNodes();
    const { id } = await tusCreate(onA, video.length);
    expect((await tusPatch(onA, id, 0, video.subarray(0, 100))).statusCode).toBe(204);
    await new AgingStore(nodeA.config.s3!, 0).backdate(id, 25 * 60 * 60 * 1000);
    expect((await tusHead(onB, id)).statusCode).toBe(410);
    expect((await tusPatch(onA, id, 100, video.subarray(100))).statusCode).toBe(410);
  });

  it('lets an abandoned upload expire: swept from the bucket, not found after', async () => {
    const uploads = createTusUploads(nodeA.ctx, { expireAfterMs: 1 });
    const id = `1-${randomBytes(16).toString('hex')}`;
    await uploads.store.create(new Upload({ id, size: 100, offset: 0 }));
    await uploads.store.write(Readable.from([Buffer.alloc(10)]), id, 0);
    expect(await nodeA.ctx.blobs.list('uploads/')).toContain(`uploads/${id}.part`);
    await new Promise((resolve) => setTimeout(resolve, 20));

    // Every unfinished upload of this bucket is past a 1 ms expiry (earlier tests' ones too).
    expect(await uploads.server.cleanUpExpiredUploads()).toBeGreaterThanOrEqual(1);
    expect((await nodeA.ctx.blobs.list('uploads/')).filter((k) => k.includes(id))).toEqual([]);
    await expect(uploads.store.getUpload(id)).rejects.toMatchObject({ status_code: 404 });
    // A finished upload is not an abandoned one: the sweep leaves it.
    const { onA } = await userOnBothNodes();
    const { id: finished } = await tusCreate(onA, 10, 'done.bin');
    expect((await tusPatch(onA, finished, 0, Buffer.alloc(10))).statusCode).toBe(204);
    await uploads.server.cleanUpExpiredUploads();
    expect((await onA.get(`/api/uploads/${finished}`)).statusCode).toBe(200);
    await uploads.close();
  });
});
