import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProcessingReason, type OwnStory, type Story } from '@glimpse/contract';
import type { Client } from '../../test/harness.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import {
  externalReferenceMp4,
  FFCONCAT_LIST,
  hlsPlaylist,
  HTML_PAGE,
  SVG_WITH_SCRIPT,
  truncated,
} from '../../test/hostile-media.ts';
import { noisyPng, pixelBombPng } from '../../test/images.ts';
import { makeVideo } from '../../test/media-fixtures.ts';
import { postStory, processedStory } from '../../test/stories.ts';

// A small upload limit so "too large" needs only a couple of MiB.
const UPLOAD_LIMIT = 1024 * 1024;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ storyUploadMaxBytes: UPLOAD_LIMIT });
});
afterAll(async () => {
  await server?.stop();
});

async function ownStories(owner: Client): Promise<OwnStory[]> {
  return (await owner.get('/api/users/me/stories')).json<OwnStory[]>();
}

/** Posts, expects a refusal with `errKey`, and checks that no story was left behind. */
async function expectRefused(
  data: Buffer,
  filename: string,
  contentType: string,
  status: number,
  errKey: string,
): Promise<void> {
  const { client: owner } = await signedUpUser(server);
  const response = await postStory(owner, { data, filename, contentType });
  expect(response.statusCode).toBe(status);
  expect(response.json().err_key).toBe(errKey);
  expect(await ownStories(owner)).toEqual([]);
}

/** Posts a file that passes the upload checks; processing must end in `failed`, seen by the owner only. */
async function expectFailsProcessing(data: Buffer): Promise<string> {
  const { client: owner } = await signedUpUser(server);
  const { client: other } = await signedUpUser(server);
  const response = await postStory(owner, { data, filename: 'clip.mp4', contentType: 'video/mp4' });
  expect(response.statusCode).toBe(201);
  const story = await processedStory(server, owner, response.json<Story>().id);
  expect(story.is_processing).toBe(false);
  expect(story.mp4_video_src).toBeNull();
  // A catalogued reason the web translates, never the tool's output with server paths.
  expect(isProcessingReason(story.processing_error)).toBe(true);
  expect((await ownStories(owner))[0]).toMatchObject({
    id: story.id,
    is_processing: false,
    processing_error: story.processing_error,
  });
  const asOther = await other.get(`/api/stories/${story.id}`);
  expect(asOther.statusCode).toBe(404);
  expect((await other.get(`/api/users/${story.user_id}/stories`)).json().stories).toEqual([]);
  return story.processing_error!;
}

describe('files that are not what they claim', () => {
  it('refuses an HTML page renamed .png', async () => {
    await expectRefused(HTML_PAGE, 'cat.png', 'image/png', 400, 'unsupported_file');
  });

  it('refuses an SVG with a script, whatever it is called', async () => {
    await expectRefused(SVG_WITH_SCRIPT, 'logo.svg', 'image/svg+xml', 400, 'unsupported_file');
    await expectRefused(SVG_WITH_SCRIPT, 'logo.png', 'image/png', 400, 'unsupported_file');
    // Behind a PNG signature the bytes reach the image decoder, which refuses them too.
    const disguised = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      SVG_WITH_SCRIPT,
    ]);
    await expectRefused(disguised, 'logo.png', 'image/png', 400, 'not_an_image');
  });

  it('refuses an HLS playlist and an ffconcat list pointing at local files', async () => {
    await expectRefused(
      hlsPlaylist(['file:///etc/passwd', '/var/lib/glimpse/media/other.mp4']),
      'story.m3u8',
      'application/vnd.apple.mpegurl',
      400,
      'unsupported_file',
    );
    await expectRefused(hlsPlaylist(), 'story.mp4', 'video/mp4', 400, 'unsupported_file');
    await expectRefused(FFCONCAT_LIST, 'story.mp4', 'video/mp4', 400, 'unsupported_file');
  });

  it('fails a playlist behind an mp4 signature: ffmpeg reads it as mp4 only', async () => {
    const ftyp = Buffer.from([
      0,
      0,
      0,
      0x18,
      ...Buffer.from('ftypisom'),
      0,
      0,
      2,
      0,
      ...Buffer.from('isomiso2'),
    ]);
    const error = await expectFailsProcessing(Buffer.concat([ftyp, hlsPlaylist()]));
    expect(error).toBe('processing_unreadable_video');
  });

  it('fails an mp4 whose samples live in another file', async () => {
    const crafted = externalReferenceMp4(
      await makeVideo({ seconds: 1, audio: false }),
      '/srv/glimpse/media/other.mp4',
    );
    await expectFailsProcessing(crafted);
  });
});

describe('broken and oversized uploads', () => {
  it('fails a truncated video (index at the end, so it is missing) with a message for its owner', async () => {
    const video = await makeVideo({ seconds: 2 });
    expect(await expectFailsProcessing(truncated(video, 0.4))).toBe('processing_unreadable_video');
  });

  it('fails a truncated video whose index survived, instead of publishing a shorter clip', async () => {
    const { client: owner } = await signedUpUser(server);
    const whole = await postStory(owner, { data: await makeVideo({ seconds: 3 }) });
    const ready = await processedStory(server, owner, whole.json<Story>().id);
    // The pipeline's own mp4 has its index up front: cut it and most samples are gone.
    const faststart = (await owner.get(ready.mp4_video_src!)).rawPayload;
    expect(await expectFailsProcessing(truncated(faststart, 0.4))).toBe(
      'processing_video_incomplete',
    );
  });

  it('refuses a zero-byte file', async () => {
    await expectRefused(Buffer.alloc(0), 'empty.jpg', 'image/jpeg', 400, 'file_empty');
  });

  it('cuts off an upload over the limit while it streams', async () => {
    const big = await noisyPng(1024, 1024);
    expect(big.length).toBeGreaterThan(UPLOAD_LIMIT);
    await expectRefused(big, 'big.png', 'image/png', 413, 'file_too_large');
  });

  it('refuses a resumable upload declared over the limit', async () => {
    const { client: owner } = await signedUpUser(server);
    const response = await owner.request({
      method: 'POST',
      url: '/api/uploads',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': String(UPLOAD_LIMIT + 1) },
    });
    expect(response.statusCode).toBe(413);
  });

  it('refuses a 20000x20000 PNG from its header, without decoding it', async () => {
    const { client: owner } = await signedUpUser(server);
    const bomb = pixelBombPng(20_000, 20_000);
    const started = Date.now();
    const response = await postStory(owner, {
      data: bomb,
      filename: 'bomb.png',
      contentType: 'image/png',
    });
    // Decoding 400 megapixels would take many seconds and gigabytes; the header takes none.
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(response.statusCode).toBe(400);
    expect(response.json().err_key).toBe('image_too_many_pixels');
  });
});
