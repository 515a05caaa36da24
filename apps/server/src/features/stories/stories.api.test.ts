import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { makeVideo } from '../../test/media-fixtures.ts';
import { postStory, processedStory, verifyUser } from '../../test/stories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const jpeg = () =>
  sharp({ create: { width: 1200, height: 2400, channels: 3, background: '#3a6' } })
    .jpeg()
    .toBuffer();

describe('posting stories', () => {
  it('posts an image story that becomes ready with WebP and JPEG renditions inside 1080x1920', async () => {
    const { client: owner, user } = await signedUpUser(server);
    const response = await postStory(owner, {
      data: await jpeg(),
      model: { text: 'Hello #sun', tags: ['sun'] },
    });
    expect(response.statusCode).toBe(201);
    const posted = response.json();
    expect(posted).toMatchObject({
      user_id: user.id,
      is_video: false,
      is_processing: true,
      text: 'Hello #sun',
      tags: ['sun'],
      price: null,
    });
    const story = await processedStory(server, owner, posted.id);
    expect(story.is_processing).toBe(false);
    const webp = await owner.get(story.overlay_src!);
    expect(webp.headers['content-type']).toBe('image/webp');
    const meta = await sharp(webp.rawPayload).metadata();
    expect(meta.width).toBeLessThanOrEqual(1080);
    expect(meta.height).toBeLessThanOrEqual(1920);
    expect((await owner.get(story.overlay_image_src!)).headers['content-type']).toBe('image/jpeg');
  });

  it('posts a video story: mp4 and poster make it ready, webm follows', async () => {
    const { client: owner } = await signedUpUser(server);
    const response = await postStory(owner, {
      data: await makeVideo({ seconds: 2 }),
      meta: { muted: false },
    });
    expect(response.statusCode).toBe(201);
    const story = await processedStory(server, owner, response.json().id);
    expect(story).toMatchObject({ is_video: true, is_processing: false });
    expect(story.video_duration).toBeCloseTo(2, 0);
    expect(story.mp4_video_src).toMatch(/^\/media\//);
    expect(story.webm_video_src).toMatch(/^\/media\//);
    const mp4 = await owner.get(story.mp4_video_src!);
    expect(mp4.headers['content-type']).toBe('video/mp4');
    expect(mp4.rawPayload.indexOf('moov')).toBeLessThan(mp4.rawPayload.indexOf('mdat'));
  });

  it('refuses a price without identity verification and above 49.99', async () => {
    const { client: owner, user } = await signedUpUser(server);
    const unverified = await postStory(owner, { data: await jpeg(), model: { price: 4.99 } });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().err_key).toBe('verification_required');
    await verifyUser(server, user.id);
    const tooHigh = await postStory(owner, { data: await jpeg(), model: { price: 50 } });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json()).toMatchObject({
      err_key: 'max_price_error',
      err_msg: { min: 0, max: 49.99 },
    });
    const priced = await postStory(owner, { data: await jpeg(), model: { price: 49.99 } });
    expect(priced.statusCode).toBe(201);
    expect(priced.json().price).toBe(49.99);
  });
});
