import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story, StoryGroup } from '@glimpse/contract';
import { testPicture } from '../../../platform/media-tools/perceptual-hash/test-pictures.ts';
import { seedFollow } from '../../../test/access-fixtures.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { signedUpUser } from '../../../test/factories.ts';
import { postStory, processedStory } from '../../../test/stories.ts';
import { notificationsOf, staffMember } from '../test/moderation-fixtures.ts';

/**
 * Review before publication (issue 29, part 8): with REVIEW_BEFORE_PUBLISH every new story waits
 * in the review list until a moderator approves it; only then do others see it and hear of it.
 * (With the setting off, review.api.test.ts shows unmatched stories published at once.)
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ reviewBeforePublish: true });
});
afterAll(async () => {
  await server?.stop();
});

interface ReviewList {
  items: Array<{
    story_id: number;
    reason: 'match' | 'review_required';
    match: { label: string } | null;
  }>;
}

describe('review before publication', () => {
  it('holds every new story in review, hidden and unannounced, until a moderator approves it', async () => {
    const moderator = (await staffMember(server, 'moderator')).client;
    const creator = await signedUpUser(server);
    const follower = await signedUpUser(server);
    await seedFollow(server, follower.user.id, creator.user.id);

    const posted = await postStory(creator.client, {
      data: await testPicture(2951),
      contentType: 'image/jpeg',
      filename: 'photo.jpg',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const story = await processedStory(server, creator.client, posted.json<Story>().id);
    // Processed (renditions made), but waiting: its creator sees it "in review".
    expect([story.status, story.is_processing, story.processing_error]).toEqual([
      'in_review',
      false,
      null,
    ]);
    expect((await follower.client.get(`/api/stories/${story.id}`)).statusCode).toBe(404);
    const groupIds = async () => {
      const group = await follower.client.get(`/api/users/${creator.user.id}/stories`);
      return group.statusCode === 200 ? group.json<StoryGroup>().stories.map((s) => s.id) : [];
    };
    expect(await groupIds()).not.toContain(story.id);
    await server.ctx.jobs.drain(60_000);
    expect(await notificationsOf(server, follower.user.id, 'story_posted')).toEqual([]);

    const listed = (await moderator.get('/api/moderation/review')).json<ReviewList>();
    expect(listed.items.find((item) => item.story_id === story.id)).toMatchObject({
      reason: 'review_required',
      match: null,
    });

    const approved = await moderator.post(`/api/moderation/review/${story.id}`, {
      decision: 'publish',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ story_id: story.id, status: 'ready' });
    await server.ctx.jobs.drain(60_000);

    const seen = await follower.client.get(`/api/stories/${story.id}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(await groupIds()).toContain(story.id);
    const heard = await notificationsOf(server, follower.user.id, 'story_posted');
    expect(heard.map((line) => line.subject)).toEqual([{ kind: 'story', id: story.id }]);
    const after = (await moderator.get('/api/moderation/review')).json<ReviewList>();
    expect(after.items.map((item) => item.story_id)).not.toContain(story.id);
  });

  it('lists a story near a listed hash as a match even with every story reviewed', async () => {
    const moderator = (await staffMember(server, 'moderator')).client;
    const creator = await signedUpUser(server);
    const original = await testPicture(2952);
    const first = await postStory(creator.client, {
      data: original,
      contentType: 'image/jpeg',
      filename: 'photo.jpg',
    });
    const firstStory = await processedStory(server, creator.client, first.json<Story>().id);
    expect(
      (
        await moderator.post('/api/moderation/blocklist/from-story', {
          story_id: firstStory.id,
          label: 'known picture',
        })
      ).statusCode,
    ).toBe(201);
    const copy = await postStory(creator.client, {
      data: original,
      contentType: 'image/jpeg',
      filename: 'again.jpg',
    });
    const copyStory = await processedStory(server, creator.client, copy.json<Story>().id);
    expect(copyStory.status).toBe('in_review');

    const items = (await moderator.get('/api/moderation/review')).json<ReviewList>().items;
    expect(items.find((item) => item.story_id === copyStory.id)).toMatchObject({
      reason: 'match',
      match: { label: 'known picture' },
    });
  });
});
