import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '@glimpse/contract';
import { client, type Client, startTestServer, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { makeVideo } from '../../test/media-fixtures.ts';
import { processedStory } from '../../test/stories.ts';
import { tusCreate, tusHead, tusPatch } from '../../test/uploads.ts';

let server: TestServer;
let video: Buffer;
beforeAll(async () => {
  server = await startTestServer();
  video = await makeVideo({ seconds: 1 });
});
afterAll(async () => {
  await server?.stop();
});

function storyFromUpload(
  c: Client,
  id: string,
  meta: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return c.post('/api/stories', {
    upload_id: id,
    model: { text: 'resumed #tus', tags: ['tus'] },
    meta,
  });
}

describe('resumable story uploads (tus)', () => {
  it('takes a video in two chunks, reports the offset between them, and posts it as a story', async () => {
    const { client: owner, user } = await signedUpUser(server);
    const { response, id } = await tusCreate(owner, video.length);
    expect(response.statusCode).toBe(201);
    expect(response.headers.location).toMatch(new RegExp(`^/api/uploads/${user.id}-[0-9a-f]{32}$`));

    const half = Math.floor(video.length / 2);
    const first = await tusPatch(owner, id, 0, video.subarray(0, half));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(half));
    const resumed = await tusHead(owner, id);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.headers['upload-offset']).toBe(String(half));
    expect(resumed.headers['upload-length']).toBe(String(video.length));
    // A chunk sent for the wrong offset is refused, so a confused client cannot corrupt the file.
    expect((await tusPatch(owner, id, 0, video.subarray(half))).statusCode).toBe(409);
    const second = await tusPatch(owner, id, half, video.subarray(half));
    expect(second.statusCode).toBe(204);
    expect(second.headers['upload-offset']).toBe(String(video.length));

    const posted = await storyFromUpload(owner, id, { muted: true });
    expect(posted.statusCode).toBe(201);
    expect(posted.json<Story>()).toMatchObject({
      is_video: true,
      is_processing: true,
      text: 'resumed #tus',
      tags: ['tus'],
    });
    const story = await processedStory(server, owner, posted.json<Story>().id);
    expect(story).toMatchObject({
      is_processing: false,
      processing_error: null,
      video_meta: { muted: true },
    });
    expect(story.mp4_video_src).toMatch(/^\/media\//);
    // The upload was handed over to the story: it cannot be posted twice.
    expect((await storyFromUpload(owner, id)).json().err_key).toBe('upload_not_found');
  });

  it("keeps an upload private to its uploader's session", async () => {
    const { client: owner, user: ownerUser } = await signedUpUser(server);
    const { client: other } = await signedUpUser(server);
    const { id } = await tusCreate(owner, video.length);
    expect((await tusPatch(owner, id, 0, video)).statusCode).toBe(204);

    expect((await tusHead(other, id)).statusCode).toBe(404);
    expect((await tusPatch(other, id, video.length, Buffer.from('x'))).statusCode).toBe(404);
    // Naming the owner in the internal uploader header does not make the request theirs.
    const spoofed = await other.request({
      method: 'HEAD',
      url: `/api/uploads/${id}`,
      headers: { 'tus-resumable': '1.0.0', 'x-glimpse-uploader': String(ownerUser.id) },
    });
    expect(spoofed.statusCode).toBe(404);
    const stolen = await storyFromUpload(other, id);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().err_key).toBe('upload_not_found');
    // Untouched by the attempts: the owner can still post it.
    expect((await storyFromUpload(owner, id)).statusCode).toBe(201);
  });

  it('refuses to post an unfinished upload', async () => {
    const { client: owner } = await signedUpUser(server);
    const { id } = await tusCreate(owner, video.length);
    await tusPatch(owner, id, 0, video.subarray(0, 100));
    const response = await storyFromUpload(owner, id);
    expect(response.statusCode).toBe(409);
    expect(response.json().err_key).toBe('upload_incomplete');
  });

  it('answers 401 to anonymous uploaders', async () => {
    const { client: owner } = await signedUpUser(server);
    const { id } = await tusCreate(owner, video.length);
    const anonymous = client(server);
    expect((await tusCreate(anonymous, video.length)).response.statusCode).toBe(401);
    expect((await tusHead(anonymous, id)).statusCode).toBe(401);
    expect((await tusPatch(anonymous, id, 0, video)).statusCode).toBe(401);
    expect((await storyFromUpload(anonymous, id)).statusCode).toBe(401);
  });
});
