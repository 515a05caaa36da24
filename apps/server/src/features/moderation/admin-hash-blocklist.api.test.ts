import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Blocklist, Story } from '@glimpse/contract';
import { testPicture } from '../../platform/media-tools/perceptual-hash/test-pictures.ts';
import { client, startTestServer, type Client, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { postStory, processedStory } from '../../test/stories.ts';
import { staffMember } from './test/moderation-fixtures.ts';

/**
 * The fixed path POST /api/admin/hash-blocklist {story_id}: a door onto known content's
 * "list a story's hashes" (the console keeps /api/moderation/blocklist/from-story). Its rows
 * for the five actors: anonymous, user, creator, moderator, admin.
 */

let server: TestServer;
let moderator: Client;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer();
  moderator = (await staffMember(server, 'moderator')).client;
  admin = (await staffMember(server, 'admin')).client;
});
afterAll(async () => {
  await server?.stop();
});

async function pictureStory(owner: Client, seed: number): Promise<Story> {
  const response = await postStory(owner, {
    data: await testPicture(seed),
    contentType: 'image/jpeg',
    filename: 'photo.jpg',
  });
  expect(response.statusCode, response.body).toBe(201);
  const story = await processedStory(server, owner, response.json<Story>().id);
  expect(story.status).toBe('ready');
  return story;
}

const listedFrom = async (storyId: number) =>
  (await moderator.get('/api/moderation/blocklist'))
    .json<Blocklist>()
    .entries.filter((entry) => entry.source_story_id === storyId);

describe('POST /api/admin/hash-blocklist', () => {
  it('lists the story hashes for a moderator and an admin, and refuses everyone else', async () => {
    const creator = await signedUpUser(server);
    const user = await signedUpUser(server);
    const story = await pictureStory(creator.client, 2961);
    const body = { story_id: story.id };

    expect((await client(server).post('/api/admin/hash-blocklist', body)).statusCode).toBe(401);
    for (const refused of [user.client, creator.client]) {
      const response = await refused.post('/api/admin/hash-blocklist', body);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ err_key: 'forbidden' });
    }
    expect(await listedFrom(story.id)).toEqual([]);

    const byModerator = await moderator.post('/api/admin/hash-blocklist', body);
    expect(byModerator.statusCode, byModerator.body).toBe(201);
    // The picture's hash and its centred crops, as the console's route lists them.
    const added = byModerator.json<{ added: number }>().added;
    expect(added).toBeGreaterThan(1);
    const entries = await listedFrom(story.id);
    expect(entries).toHaveLength(added);
    expect(entries.every((entry) => entry.label === '')).toBe(true);

    // An admin may too.
    const other = await pictureStory(creator.client, 2962);
    const byAdmin = await admin.post('/api/admin/hash-blocklist', { story_id: other.id });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(await listedFrom(other.id)).toHaveLength(byAdmin.json<{ added: number }>().added);
  });

  it('answers 404 for an unknown story and 400 without a story id', async () => {
    const missing = await moderator.post('/api/admin/hash-blocklist', { story_id: 999_999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ err_key: 'story_not_found' });
    const bare = await moderator.post('/api/admin/hash-blocklist', {});
    expect(bare.statusCode).toBe(400);
    expect(bare.json().err_key).toBe('validation_failed');
  });
});
