import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Story } from '@glimpse/contract';
import { eq } from 'drizzle-orm';
import { stories, storyUnlocks, subscriptions } from '../../db/schema/index.ts';
import { client, startTestServer, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { postStory, processedStory, verifyUser } from '../../test/stories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const image = () =>
  sharp({ create: { width: 300, height: 500, channels: 3, background: '#a36' } })
    .png()
    .toBuffer();
const MEDIA_FIELDS = [
  'mp4_video_src',
  'webm_video_src',
  'overlay_src',
  'overlay_image_src',
  'slow_motion_src',
] as const;

async function pricedStory() {
  const creator = await signedUpUser(server);
  await verifyUser(server, creator.user.id);
  const posted = await postStory(creator.client, { data: await image(), model: { price: 2.5 } });
  const story = await processedStory(server, creator.client, posted.json().id);
  return { creator, story };
}

function mediaUrls(story: Story): string[] {
  return MEDIA_FIELDS.map((field) => story[field]).filter((url): url is string => url !== null);
}

describe('a priced story', () => {
  it('comes back locked with no media URL for a viewer who has not paid', async () => {
    const { creator, story } = await pricedStory();
    const viewer = await signedUpUser(server);
    const response = await viewer.client.get(`/api/stories/${story.id}`);
    expect(response.statusCode).toBe(200);
    const locked = response.json<Story>();
    expect(locked).toMatchObject({ isAvailable: false, price: 2.5 });
    expect(mediaUrls(locked)).toEqual([]);
    expect(JSON.stringify(locked)).not.toContain('/media/');
    const group = await viewer.client.get(`/api/users/${creator.user.id}/stories`);
    expect(JSON.stringify(group.json().stories)).not.toContain('/media/');
  });

  it('serves its media to the owner and refuses every other way in', async () => {
    const { creator, story } = await pricedStory();
    const url = story.overlay_src!;
    expect((await creator.client.get(url)).statusCode).toBe(200);

    const anonymous = await client(server).get(url);
    const other = await signedUpUser(server);
    const otherWithOwnersUrl = await other.client.get(url);
    const tampered = await creator.client.get(url.replace(/s=([^&]{4})/, 's=AAAA'));
    const key = url.split('/media/')[1]!.split('?')[0]!;
    const expired = await creator.client.get(
      server.ctx.mediaSigner.url(key, creator.user.id, Date.now() - 3 * 60 * 60 * 1000),
    );
    const signedForOther = await other.client.get(server.ctx.mediaSigner.url(key, other.user.id));
    for (const response of [anonymous, otherWithOwnersUrl, tampered, expired]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().err_key).toBe('media_link_invalid');
    }
    // A good link of their own, for media they may not see (not paid): absent to them.
    expect(signedForOther.statusCode).toBe(404);
    expect(signedForOther.json().err_key).toBe('media_not_found');
  });

  it('opens to a viewer after an unlock or with an active subscription, not an expired one', async () => {
    const { creator, story } = await pricedStory();
    const buyer = await signedUpUser(server);
    await server.ctx.db
      .insert(storyUnlocks)
      .values({ userId: buyer.user.id, storyId: story.id, priceCents: 250 });
    const bought = (await buyer.client.get(`/api/stories/${story.id}`)).json<Story>();
    expect(bought.isAvailable).toBe(true);
    expect((await buyer.client.get(bought.overlay_src!)).statusCode).toBe(200);

    const lapsed = await signedUpUser(server);
    await server.ctx.db.insert(subscriptions).values({
      subscriberId: lapsed.user.id,
      creatorId: creator.user.id,
      startsAt: new Date(Date.now() - 40 * 86_400_000),
      expiresAt: new Date(Date.now() - 86_400_000),
    });
    expect((await lapsed.client.get(`/api/stories/${story.id}`)).json().isAvailable).toBe(false);

    const fan = await signedUpUser(server);
    await server.ctx.db.insert(subscriptions).values({
      subscriberId: fan.user.id,
      creatorId: creator.user.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const subscribed = (await fan.client.get(`/api/stories/${story.id}`)).json<Story>();
    expect(subscribed.isAvailable).toBe(true);
    expect(mediaUrls(subscribed).length).toBeGreaterThan(0);
  });
});

describe('story reads', () => {
  it('answers 401 without a session and 404 for an unknown story', async () => {
    expect((await client(server).get('/api/stories/1')).json().err_key).toBe('unauthenticated');
    const viewer = await signedUpUser(server);
    const missing = await viewer.client.get('/api/stories/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().err_key).toBe('story_not_found');
  });

  it('hides a story that is processing or failed from everyone but its owner', async () => {
    const owner = await signedUpUser(server);
    const story = await processedStory(
      server,
      owner.client,
      (await postStory(owner.client, { data: await image() })).json().id,
    );
    const other = await signedUpUser(server);
    expect((await other.client.get(`/api/stories/${story.id}`)).statusCode).toBe(200);
    for (const status of ['processing', 'failed'] as const) {
      await server.ctx.db
        .update(stories)
        .set({
          status,
          processingError: status === 'failed' ? 'processing_video_failed' : null,
        })
        .where(eq(stories.id, story.id));
      expect((await other.client.get(`/api/stories/${story.id}`)).json().err_key).toBe(
        'story_not_found',
      );
      expect(
        (await other.client.get(`/api/users/${owner.user.id}/stories`)).json().stories,
      ).toEqual([]);
      const mine = (await owner.client.get(`/api/stories/${story.id}`)).json();
      expect(mine.is_processing).toBe(status === 'processing');
      expect(mine.processing_error).toBe(status === 'failed' ? 'processing_video_failed' : null);
    }
  });

  it('marks watched per viewer, counts each viewer once and never the owner', async () => {
    const owner = await signedUpUser(server);
    const story = await processedStory(
      server,
      owner.client,
      (await postStory(owner.client, { data: await image() })).json().id,
    );
    const viewer = await signedUpUser(server);
    expect((await viewer.client.get(`/api/stories/${story.id}`)).json().watched).toBe(false);
    expect((await viewer.client.post(`/api/stories/${story.id}/watch`)).statusCode).toBe(204);
    expect((await viewer.client.post(`/api/stories/${story.id}/watch`)).statusCode).toBe(204);
    await owner.client.post(`/api/stories/${story.id}/watch`);
    expect((await viewer.client.get(`/api/stories/${story.id}`)).json().watched).toBe(true);
    const group = (await viewer.client.get(`/api/users/${owner.user.id}/stories`)).json();
    expect(group.stories[0].watched).toBe(true);
    const own = (await owner.client.get('/api/users/me/stories')).json();
    expect(own[0].view_count).toBe(1);
  });
});
