import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { RETRY_JOB_POLLING_SECONDS, startTestServer, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { solidImage } from '../../test/images.ts';
import { postStory, processedStory } from '../../test/stories.ts';
import { PROCESSING_GAVE_UP_REASON } from './story-processing.ts';

let server: TestServer;
let realBlobs: BlobStore;
let failedWrites = 0;

beforeAll(async () => {
  // Two attempts, no delay: the job reaches its final attempt within the test.
  server = await startTestServer(
    {},
    {
      jobQueueOptions: { retryLimit: 1, retryDelay: 0 },
      jobPollingIntervalSeconds: RETRY_JOB_POLLING_SECONDS,
    },
  );
  realBlobs = server.ctx.blobs;
});
afterAll(async () => {
  await server?.stop();
});

/**
 * The real store, except that renditions cannot be written (disk full). Uploads arrive as
 * streams and still land; the job's renditions are buffers and fail.
 */
function storageThatRefusesRenditions(): BlobStore {
  return new Proxy(realBlobs, {
    get(target, property, receiver) {
      if (property === 'put')
        return async (key: string, data: Buffer | Readable) => {
          if (!Buffer.isBuffer(data)) return target.put(key, data);
          failedWrites += 1;
          throw new Error('ENOSPC: no space left on device');
        };
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

describe('a story whose processing fails for a reason other than its file', () => {
  it('is retried, then marked failed with a reason the owner sees', async () => {
    const owner = await signedUpUser(server);
    server.ctx.blobs = storageThatRefusesRenditions();
    const posted = await postStory(owner.client, {
      data: await solidImage('png'),
      filename: 'story.png',
      contentType: 'image/png',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const { id } = posted.json<{ id: number }>();

    const story = await processedStory(server, owner.client, id);
    expect(failedWrites).toBeGreaterThanOrEqual(2);
    expect(story.is_processing).toBe(false);
    expect(story.processing_error).toBe(PROCESSING_GAVE_UP_REASON);
  });
});
