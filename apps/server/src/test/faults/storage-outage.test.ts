import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '@glimpse/contract';
import {
  creator,
  loadWith,
  sent,
  viewer,
  type Person,
} from '../../features/chats/test/chat-fixtures.ts';
import type { TestServer } from '../harness.ts';
import { solidImage } from '../images.ts';
import { waitUntil } from '../processes.ts';
import { testS3Settings } from '../s3-test-server.ts';
import { postStory } from '../stories.ts';
import { tusCreate, tusHead, tusPatch } from '../uploads.ts';
import {
  answered,
  expectUnavailable,
  health,
  healthUntil,
  startFaultServer,
  UNAVAILABLE,
  untilOk,
} from './fault-helpers.ts';
import { PrivateS3 } from './private-services.ts';

/** Issue 30 item 8: the S3-compatible store gone for a few seconds (s3rver of the test's own). */
let s3: PrivateS3;
let server: TestServer;

beforeAll(async () => {
  s3 = await PrivateS3.create();
  server = await startFaultServer({ s3: testS3Settings(s3.endpoint) });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await s3?.destroy();
});

async function postImage(owner: Person, name: string) {
  return postStory(owner.client, {
    data: await solidImage('png'),
    filename: name,
    contentType: 'image/png',
  });
}

/** Polls the story until processing has ended. */
async function processed(owner: Person, id: number): Promise<Story> {
  let story: Story | undefined;
  const done = await waitUntil(
    async () => {
      const response = await owner.client.get(`/api/stories/${id}`);
      story = response.statusCode === 200 ? response.json<Story>() : undefined;
      return story !== undefined && !story.is_processing;
    },
    30_000,
    200,
  );
  expect(done).toBe(true);
  return story!;
}

describe('the S3-compatible store gone for a few seconds', () => {
  it('answers 503 with Retry-After for media and uploads, keeps the rest going, and serves the same bytes after', async () => {
    const owner = await creator(server);
    const fan = await viewer(server);
    const posted = await postImage(owner, 'before.png');
    expect(posted.statusCode).toBe(201);
    const story = await processed(owner, posted.json<Story>().id);
    expect(story.processing_error).toBeNull();
    const mediaUrl = story.overlay_image_src!;
    const media = await owner.client.get(mediaUrl);
    expect(media.statusCode).toBe(200);
    const bytes = media.rawPayload;
    expect((await health(server)).statusCode).toBe(200);
    // A resumable upload begun before the outage (its record is in the bucket).
    const upload = await tusCreate(owner.client, 1_000);
    expect(upload.response.statusCode).toBe(201);

    await s3.stop();
    const down = await healthUntil(server, 'storage', 'down');
    expect(down.statusCode).toBe(503);
    expect(down.body).toMatchObject({
      err_key: 'service_unavailable',
      checks: { storage: { state: 'down', kind: 's3' }, database: { state: 'up' } },
    });

    // What needs storage: refused in a way a client can act on, never a 500 or a hang.
    expect(expectUnavailable(await answered(owner.client.get(mediaUrl), 'media'))).toBe(
      UNAVAILABLE,
    );
    expect(expectUnavailable(await answered(postImage(owner, 'during.png'), 'story post'))).toBe(
      UNAVAILABLE,
    );
    expect(
      expectUnavailable(
        await answered(tusPatch(owner.client, upload.id, 0, Buffer.alloc(1_000, 7)), 'upload'),
      ),
    ).toBe(UNAVAILABLE);
    // What does not: a message is acknowledged and kept.
    const during = await answered(sent(fan, owner, 'while storage is down'), 'send');
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    await s3.start();
    const up = await healthUntil(server, 'storage', 'up');
    expect(up.statusCode).toBe(200);
    const again = await untilOk(() => owner.client.get(mediaUrl));
    expect(Buffer.compare(again.rawPayload, bytes)).toBe(0);
    // The upload goes on from where the bucket has it.
    const resumeAt = Number(
      (await untilOk(() => tusHead(owner.client, upload.id))).headers['upload-offset'],
    );
    const finished = await tusPatch(
      owner.client,
      upload.id,
      resumeAt,
      Buffer.alloc(1_000 - resumeAt, 7),
    );
    expect(finished.statusCode).toBe(204);
    expect(finished.headers['upload-offset']).toBe('1000');
    const postedAfter = await untilOk(() => postImage(owner, 'after.png'));
    expect((await processed(owner, postedAfter.json<Story>().id)).processing_error).toBeNull();
    const history = (await loadWith(owner, fan.id)).messages.map((m) => m.id);
    expect(history).toContain(during.id);
  }, 120_000);
});
