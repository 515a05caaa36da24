import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '@glimpse/contract';
import { mediaObjects, users } from '../../db/schema/index.ts';
import { client, startTestServer, type Client, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { solidImage } from '../../test/images.ts';
import { postStory, processedStory, verifyUser } from '../../test/stories.ts';
import { mediaKeyOf, uploadAvatar } from '../../test/uploads.ts';
import { AVATAR_VARIANT_WIDTHS, STORY_VARIANT_WIDTHS, variantKeys } from './media-variants.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** `srcset` candidates as [url, width] pairs. */
function candidates(srcset: string): [string, number][] {
  return srcset.split(', ').map((candidate) => {
    const [url, descriptor] = candidate.split(' ');
    return [url!, Number(descriptor!.replace(/w$/, ''))];
  });
}

async function imageAt(c: Client, url: string) {
  const response = await c.get(url);
  expect(response.statusCode, url).toBe(200);
  const meta = await sharp(response.rawPayload).metadata();
  return { type: response.headers['content-type'], width: meta.width, format: meta.format };
}

async function withAvatar() {
  const owner = await signedUpUser(server);
  const png = await solidImage('png', 700, 700);
  const upload = await uploadAvatar(owner.client, {
    data: png,
    filename: 'me.png',
    contentType: 'image/png',
  });
  expect(upload.statusCode).toBe(200);
  return owner;
}

describe('avatar srcset', () => {
  it('lists the 128 and 256 px copies and the 512 px original, each served at its width', async () => {
    const { client: owner } = await withAvatar();
    await server.ctx.jobs.drain();
    const me = (await owner.get('/api/auth/me')).json();
    const srcset = candidates(me.avatar_srcset);
    expect(srcset.map(([, width]) => width)).toEqual([128, 256, 512]);
    expect(srcset[2]![0]).toBe(me.avatar_url);
    for (const [url, width] of srcset) {
      expect(await imageAt(owner, url)).toEqual({ type: 'image/webp', width, format: 'webp' });
    }
  });

  it('is signed for each viewer like the picture itself', async () => {
    const { user } = await withAvatar();
    await server.ctx.jobs.drain();
    const { client: other } = await signedUpUser(server);
    const profile = (await other.get(`/api/users/slug/${user.slug}`)).json();
    const [smallest] = candidates(profile.avatar_srcset);
    expect(mediaKeyOf(smallest![0])).toBe(mediaKeyOf(profile.profileImage));
    expect(await imageAt(other, smallest![0])).toMatchObject({ width: 128 });
    // Another user's session cannot use it, and an anonymous visitor neither.
    const { client: third } = await signedUpUser(server);
    expect((await third.get(smallest![0])).statusCode).toBe(403);
    expect((await client(server).get(smallest![0])).statusCode).toBe(403);
  });

  it('serves the original until the copies are made, and refuses widths it does not make', async () => {
    const { client: owner } = await withAvatar();
    const me = (await owner.get('/api/auth/me')).json();
    // No drain: the variant job may not have run; the URL must work either way.
    const [url] = candidates(me.avatar_srcset)[0]!;
    expect([128, 512]).toContain((await imageAt(owner, url)).width);
    await server.ctx.jobs.drain();
    expect((await imageAt(owner, url)).width).toBe(128);
    const odd = me.avatar_url.replace(/$/, '&w=300');
    expect((await owner.get(odd)).statusCode).toBe(403);
  });

  it('removes the copies with the avatar they were made from', async () => {
    const { client: owner, user } = await withAvatar();
    await server.ctx.jobs.drain();
    const [old] = await server.ctx.db.select().from(users).where(eq(users.id, user.id));
    const oldCopies = variantKeys(old!.avatarKey!, AVATAR_VARIANT_WIDTHS);
    for (const key of oldCopies) expect(await server.ctx.blobs.stat(key)).toBeDefined();

    const jpeg = await solidImage('jpeg', 400, 400);
    await uploadAvatar(owner, { data: jpeg, filename: 'me.jpg', contentType: 'image/jpeg' });
    await server.ctx.jobs.drain();
    for (const key of oldCopies) expect(await server.ctx.blobs.stat(key)).toBeUndefined();
    const rows = await server.ctx.db
      .select({ key: mediaObjects.key })
      .from(mediaObjects)
      .where(eq(mediaObjects.ownerId, user.id));
    expect(rows.map((row) => row.key)).not.toEqual(expect.arrayContaining([oldCopies[0]]));
  });

  it('is null without a picture', async () => {
    const { client: owner } = await signedUpUser(server);
    expect((await owner.get('/api/auth/me')).json().avatar_srcset).toBeNull();
  });
});

describe('story overlay srcset', () => {
  const tallJpeg = () =>
    sharp({ create: { width: 1200, height: 2400, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();

  async function readyImageStory(owner: Client, model: Record<string, unknown> = {}) {
    const posted = await postStory(owner, { data: await tallJpeg(), model });
    expect(posted.statusCode).toBe(201);
    return processedStory(server, owner, posted.json().id);
  }

  it('lists 240, 480 and 720 px WebP copies and the story image at its own width', async () => {
    const { client: owner } = await signedUpUser(server);
    const story = await readyImageStory(owner);
    await server.ctx.jobs.drain();
    const srcset = candidates(story.overlay_srcset!);
    expect(srcset.map(([, width]) => width)).toEqual([240, 480, 720, 960]);
    expect(srcset[3]![0]).toBe(story.overlay_src);
    for (const [url, width] of srcset) {
      expect(await imageAt(owner, url)).toEqual({ type: 'image/webp', width, format: 'webp' });
    }
  });

  it('carries no srcset for a story the viewer may not open', async () => {
    const { client: owner, user } = await signedUpUser(server);
    await verifyUser(server, user.id);
    await readyImageStory(owner, { price: 4.99 });
    const { client: other } = await signedUpUser(server);
    const group = (await other.get(`/api/users/${user.id}/stories`)).json();
    const locked = group.stories[0] as Story;
    expect(locked.isAvailable).toBe(false);
    expect(locked.overlay_srcset).toBeNull();
  });

  it('removes the copies with the story', async () => {
    const { client: owner } = await signedUpUser(server);
    const story = await readyImageStory(owner);
    await server.ctx.jobs.drain();
    const copies = variantKeys(mediaKeyOf(story.overlay_src!), STORY_VARIANT_WIDTHS);
    for (const key of copies) expect(await server.ctx.blobs.stat(key)).toBeDefined();
    expect((await owner.delete(`/api/stories/${story.id}`)).statusCode).toBe(204);
    await server.ctx.jobs.drain();
    for (const key of copies) expect(await server.ctx.blobs.stat(key)).toBeUndefined();
  });
});
