import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '@glimpse/contract';
import { auditLog, mediaHashes, stories, users } from '../../../db/schema/index.ts';
import {
  reworkedCopy,
  testPicture,
} from '../../../platform/media-tools/perceptual-hash/test-pictures.ts';
import { startTestServer, type Client, type TestServer } from '../../../test/harness.ts';
import { signedUpUser } from '../../../test/factories.ts';
import { makeVideo } from '../../../test/media-fixtures.ts';
import { postStory, processedStory } from '../../../test/stories.ts';
import { checkMedia } from '../../known-content/index.ts';
import { processStory } from '../../stories/index.ts';
import { staffMember } from '../test/moderation-fixtures.ts';

/**
 * Known-content matching (issue 29, part 5): a story near a listed hash is held for review
 * instead of published, and a moderator publishes it or takes it down.
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

async function person() {
  const { user, client } = await signedUpUser(server);
  return { id: user.id, client };
}

/** Posts a picture (or a video) as a public story and waits for its processing. */
async function posted(owner: Client, data: Buffer, contentType = 'image/jpeg'): Promise<Story> {
  const response = await postStory(owner, {
    data,
    contentType,
    filename: contentType === 'video/mp4' ? 'clip.mp4' : 'photo.jpg',
  });
  expect(response.statusCode, response.body).toBe(201);
  return processedStory(server, owner, response.json<Story>().id);
}

function multipartFile(data: Buffer, contentType: string, label: string) {
  const boundary = `----glimpse-${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="label"\r\n\r\n${label}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="known"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    method: 'POST' as const,
    url: '/api/moderation/blocklist/from-file',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Ten unrelated pictures: seed, width, height (landscape, portrait, square, phone-sized). */
const UNRELATED: Array<[number, number, number]> = [
  [2902, 1200, 900],
  [2903, 900, 1200],
  [2904, 1080, 1920],
  [2905, 1000, 1000],
  [2906, 1600, 900],
  [2907, 640, 480],
  [2908, 750, 1334],
  [2909, 1280, 720],
  [2910, 800, 1000],
  [2912, 1440, 1080],
];

/** The known-content check processing runs on a story's picture (from a file, as there). */
async function checkPicture(picture: Buffer) {
  const dir = await mkdtemp(path.join(tmpdir(), 'glimpse-check-'));
  try {
    const file = path.join(dir, 'picture.jpg');
    await writeFile(file, picture);
    return await checkMedia(server.ctx, { file, isVideo: false, container: 'mov' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function hashRows(storyId: number): Promise<number> {
  const [row] = await server.ctx.db
    .select({ n: count() })
    .from(mediaHashes)
    .where(eq(mediaHashes.storyId, storyId));
  return row!.n;
}

describe('known content', () => {
  it('holds a copy re-encoded at quality 60, cropped 5% or resized to half; ten unrelated pictures are not held', async () => {
    const owner = await person();
    const original = await testPicture(2901);
    const story = await posted(owner.client, original);
    expect(story.status).toBe('ready');
    expect(await hashRows(story.id)).toBe(1);

    const listed = await moderator.post('/api/moderation/blocklist/from-story', {
      story_id: story.id,
      label: 'taken down',
    });
    expect(listed.statusCode, listed.body).toBe(201);
    // The picture's hash and its centred crops (LISTING_CROPS), deduplicated.
    expect(listed.json<{ added: number }>().added).toBeGreaterThan(1);

    // The three variants, each through real processing, plus all three at once.
    const uploader = await person();
    const { width, height } = await sharp(original).metadata();
    const [cutX, cutY] = [Math.round(width * 0.05), Math.round(height * 0.05)];
    const copies = {
      'quality 60': await sharp(original).jpeg({ quality: 60 }).toBuffer(),
      'cropped 5%': await sharp(original)
        .extract({ left: cutX, top: cutY, width: width - 2 * cutX, height: height - 2 * cutY })
        .jpeg({ quality: 92 })
        .toBuffer(),
      'half size': await sharp(original)
        .resize(Math.round(width / 2), Math.round(height / 2))
        .jpeg({ quality: 92 })
        .toBuffer(),
      'all three': await reworkedCopy(original),
    };
    for (const [name, copy] of Object.entries(copies)) {
      const held = await posted(uploader.client, copy);
      expect(held.status, name).toBe('in_review');
    }

    // An unrelated picture is published through real processing and not listed for review.
    const unrelated = await posted(uploader.client, await testPicture(2902));
    expect(unrelated.status).toBe('ready');
    const review = (await moderator.get('/api/moderation/review')).json<{
      items: Array<{ story_id: number }>;
    }>();
    expect(review.items.map((item) => item.story_id)).not.toContain(unrelated.id);
    // Ten unrelated pictures (own compositions, sizes and aspect ratios) are checked by the
    // function processing uses, without ten uploads.
    for (const [seed, w, h] of UNRELATED) {
      const check = await checkPicture(await testPicture(seed, w, h));
      expect(check.hashes.length, `seed ${seed}`).toBe(1);
      expect(check.match, `seed ${seed}`).toBeUndefined();
    }
  });

  it('hides a held story from everyone but its owner and lists it for review, oldest first', async () => {
    const owner = await person();
    const other = await person();
    const original = await testPicture(2911);
    const listed = await moderator.request(multipartFile(original, 'image/jpeg', 'known picture'));
    expect(listed.statusCode, listed.body).toBe(201);
    // The uploaded file is hashed, not kept.
    const first = await posted(owner.client, await reworkedCopy(original));
    const second = await posted(owner.client, original);
    expect([first.status, second.status]).toEqual(['in_review', 'in_review']);

    expect((await other.client.get(`/api/stories/${first.id}`)).statusCode).toBe(404);
    const own = await owner.client.get('/api/users/me/stories');
    expect(own.statusCode).toBe(200);
    expect(JSON.stringify(own.json())).toContain('in_review');

    const review = await moderator.get('/api/moderation/review');
    expect(review.statusCode).toBe(200);
    const items = review.json<{
      items: Array<{ story_id: number; match: { label: string; distance: number } | null }>;
    }>().items;
    const ids = items.map((item) => item.story_id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const item = items.find((i) => i.story_id === second.id)!;
    expect(item.match?.label).toBe('known picture');
    expect(item.match?.distance).toBeLessThanOrEqual(31);
    // Shown in place: the owner named, the held picture signed for the moderator only.
    const shown = item as unknown as {
      owner: { id: number; name: string; slug: string; avatar_url: string | null };
      text: string;
      image_url: string | null;
      video_url: string | null;
    };
    const [ownerRow] = await server.ctx.db
      .select({ name: users.name, slug: users.slug })
      .from(users)
      .where(eq(users.id, owner.id));
    expect(shown.owner).toEqual({ id: owner.id, ...ownerRow, avatar_url: null });
    expect(shown.text).toBe(second.text);
    expect(shown.video_url).toBeNull();
    expect(shown.image_url).toEqual(expect.any(String));
    expect((await moderator.get(shown.image_url!)).statusCode).toBe(200);
    expect((await other.client.get(shown.image_url!)).statusCode).toBe(403);

    // Publish: visible to others, gone from the list.
    const published = await moderator.post(`/api/moderation/review/${first.id}`, {
      decision: 'publish',
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toEqual({ story_id: first.id, status: 'ready' });
    expect((await other.client.get(`/api/stories/${first.id}`)).statusCode).toBe(200);

    // Take down: stays hidden, now taken down.
    const down = await moderator.post(`/api/moderation/review/${second.id}`, {
      decision: 'take_down',
      note: '  Same picture as the listed one.  ',
    });
    expect(down.statusCode, down.body).toBe(200);
    const [row] = await server.ctx.db
      .select({ status: stories.status })
      .from(stories)
      .where(eq(stories.id, second.id));
    expect(row!.status).toBe('taken_down');
    expect((await other.client.get(`/api/stories/${second.id}`)).statusCode).toBe(404);
    const after = (await moderator.get('/api/moderation/review')).json<{
      items: Array<{ story_id: number }>;
    }>();
    expect(after.items.map((i) => i.story_id)).not.toContain(first.id);
    expect(after.items.map((i) => i.story_id)).not.toContain(second.id);
    // A decided story is no longer in review.
    expect(
      (await moderator.post(`/api/moderation/review/${first.id}`, { decision: 'publish' }))
        .statusCode,
    ).toBe(404);
    const lines = await server.ctx.db
      .select({ action: auditLog.action, note: auditLog.note })
      .from(auditLog)
      .where(eq(auditLog.subjectUserId, owner.id));
    expect(lines.sort((a, b) => a.action.localeCompare(b.action))).toEqual([
      { action: 'review_publish', note: '' },
      { action: 'review_take_down', note: 'Same picture as the listed one.' },
    ]);
    // A note past the limit is refused, not stored.
    const third = await posted(owner.client, await reworkedCopy(original));
    const tooLong = await moderator.post(`/api/moderation/review/${third.id}`, {
      decision: 'publish',
      note: 'x'.repeat(2001),
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('holds a video whose frames match a listed video', async () => {
    const video = await makeVideo({ seconds: 3, width: 480, height: 360 });
    const listed = await moderator.request(multipartFile(video, 'video/mp4', 'known clip'));
    expect(listed.statusCode, listed.body).toBe(201);
    expect(listed.json<{ added: number }>().added).toBeGreaterThan(0);
    const owner = await person();
    const held = await posted(owner.client, video, 'video/mp4');
    expect(held.status).toBe('in_review');
    expect(await hashRows(held.id)).toBeGreaterThan(1);
  });

  it('writes no duplicate hashes when processing runs again', async () => {
    const owner = await person();
    const story = await posted(owner.client, await testPicture(2921));
    const before = await hashRows(story.id);
    expect(before).toBe(1);
    await server.ctx.db
      .update(stories)
      .set({ status: 'processing' })
      .where(eq(stories.id, story.id));
    await processStory(server.ctx, { storyId: story.id }, { final: false });
    expect(await hashRows(story.id)).toBe(before);
  });

  it('answers 403 to non-moderators and lets only an admin remove a listed hash', async () => {
    const someone = (await person()).client;
    expect((await someone.get('/api/moderation/blocklist')).statusCode).toBe(403);
    expect((await someone.get('/api/moderation/review')).statusCode).toBe(403);
    expect(
      (await someone.post('/api/moderation/blocklist/from-story', { story_id: 1 })).statusCode,
    ).toBe(403);
    expect(
      (await someone.request(multipartFile(await testPicture(2931), 'image/jpeg', 'x'))).statusCode,
    ).toBe(403);
    expect(
      (await someone.post('/api/moderation/review/1', { decision: 'publish' })).statusCode,
    ).toBe(403);

    const list = (await moderator.get('/api/moderation/blocklist')).json<{
      entries: Array<{ id: number; hash: string }>;
    }>();
    expect(list.entries.length).toBeGreaterThan(0);
    expect(list.entries[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    const id = list.entries[0]!.id;
    expect((await moderator.delete(`/api/moderation/blocklist/${id}`)).statusCode).toBe(403);
    expect((await admin.delete(`/api/moderation/blocklist/${id}`)).statusCode).toBe(200);
    const again = await admin.delete(`/api/moderation/blocklist/${id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().err_key).toBe('blocklist_entry_not_found');
    expect(
      (await moderator.post('/api/moderation/blocklist/from-story', { story_id: 999999 }))
        .statusCode,
    ).toBe(404);
    const junk = await moderator.request(
      multipartFile(Buffer.from('not a picture'), 'image/png', ''),
    );
    expect(junk.statusCode).toBe(400);
  });
});
