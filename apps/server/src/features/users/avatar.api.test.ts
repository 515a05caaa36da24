import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AVATAR_MAX_BYTES } from '@glimpse/contract';
import { mediaObjects, users } from '../../db/schema/index.ts';
import { client, startTestServer, type Client, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { exifHasGps, jpegWithGps, noisyPng, pixelBombPng, solidImage } from '../../test/images.ts';
import { mediaKeyOf, uploadAvatar } from '../../test/uploads.ts';
import { AVATAR_VARIANT_WIDTHS, variantKey, variantKeys } from '../media/media-variants.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const png = (data: Buffer, filename = 'me.png') => ({ data, filename, contentType: 'image/png' });
const jpeg = (data: Buffer, filename = 'me.jpg') => ({ data, filename, contentType: 'image/jpeg' });

async function fetchBytes(c: Client, url: string) {
  const response = await c.get(url);
  return { response, bytes: response.rawPayload };
}

async function userRow(id: number) {
  const [row] = await server.ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('POST /api/users/me/avatar', () => {
  it.each([
    ['PNG', () => solidImage('png', 640, 480).then((b) => png(b))],
    ['JPEG', () => solidImage('jpeg', 300, 900).then((b) => jpeg(b))],
  ])('stores a %s as a private 512x512 WebP', async (_format, makeFile) => {
    const { client: c, user } = await signedUpUser(server);
    const response = await uploadAvatar(c, await makeFile());
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated.id).toBe(user.id);
    expect(updated.avatar_url).toMatch(/^\/media\/[A-Za-z0-9_-]{22}\?u=\d+&e=\d+&s=/);
    expect((await c.get('/api/auth/me')).json().avatar_url).toBe(updated.avatar_url);

    const { response: media, bytes } = await fetchBytes(c, updated.avatar_url);
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/webp');
    expect(media.headers['cache-control']).toBe('private, no-store');
    const stored = await sharp(bytes).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['webp', 512, 512]);
  });

  it('accepts an image of several MiB, well over the JSON body limit', async () => {
    const { client: c } = await signedUpUser(server);
    const big = await noisyPng(1100, 1000);
    expect(big.length).toBeGreaterThan(3 * 1024 * 1024);
    const response = await uploadAvatar(c, png(big));
    expect(response.statusCode, response.body).toBe(200);
  });

  it('strips GPS and every other EXIF field', async () => {
    const { client: c } = await signedUpUser(server);
    const input = await jpegWithGps();
    expect(exifHasGps((await sharp(input).metadata()).exif)).toBe(true);
    const response = await uploadAvatar(c, jpeg(input));
    expect(response.statusCode).toBe(200);
    const { bytes } = await fetchBytes(c, response.json().avatar_url);
    const stored = await sharp(bytes).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(bytes.includes('GlimpseTestCam')).toBe(false);
  });

  it('refuses a text file named .png and an SVG carrying script as not_an_image', async () => {
    const { client: c } = await signedUpUser(server);
    const text = await uploadAvatar(c, png(Buffer.from('just some text, honestly\n'.repeat(20))));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ err_key: 'not_an_image' });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script>' +
        '<rect width="100" height="100" fill="red"/></svg>',
    );
    const scripted = await uploadAvatar(c, {
      data: svg,
      filename: 'me.svg',
      contentType: 'image/svg+xml',
    });
    expect(scripted.statusCode).toBe(400);
    expect(scripted.json()).toEqual({ err_key: 'not_an_image' });
    const truncated = await uploadAvatar(
      c,
      png((await solidImage('png', 400, 400)).subarray(0, 120)),
    );
    expect(truncated.statusCode).toBe(400);
    expect((await c.get('/api/auth/me')).json().avatar_url).toBeNull();
  });

  it('refuses a 20000x20000 PNG with image_too_many_pixels in under a second', async () => {
    const { client: c } = await signedUpUser(server);
    const bomb = pixelBombPng(20_000, 20_000);
    const header = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect([header.format, header.width, header.height]).toEqual(['png', 20_000, 20_000]);
    const started = performance.now();
    const response = await uploadAvatar(c, png(bomb));
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ err_key: 'image_too_many_pixels' });
    expect(elapsed).toBeLessThan(1000);
  });

  it('refuses a file over 10 MiB with 413 file_too_large', async () => {
    const { client: c } = await signedUpUser(server);
    const header = await solidImage('png');
    const oversize = Buffer.concat([header, Buffer.alloc(AVATAR_MAX_BYTES + 1 - header.length)]);
    const response = await uploadAvatar(c, png(oversize));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ err_key: 'file_too_large' });
  });

  it('answers file_missing without a file and 401 without a session', async () => {
    const { client: c } = await signedUpUser(server);
    const empty = await uploadAvatar(c);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ err_key: 'file_missing' });
    const anonymous = await uploadAvatar(client(server), png(await solidImage('png')));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ err_key: 'unauthenticated' });
  });
});

describe('avatar variants and replacement', () => {
  it('makes the thumbnail in a background job', async () => {
    const { client: c, user } = await signedUpUser(server);
    expect((await uploadAvatar(c, png(await solidImage('png', 700, 700)))).statusCode).toBe(200);
    await server.ctx.jobs.drain();
    const row = await userRow(user.id);
    expect(row.avatarThumbKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(row.avatarThumbKey).not.toBe(row.avatarKey);
    const thumb = await server.ctx.blobs.get(row.avatarThumbKey!);
    const chunks: Buffer[] = [];
    for await (const chunk of thumb!) chunks.push(chunk as Buffer);
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 128, 128]);
  });

  it('removes the old blobs when the avatar is replaced', async () => {
    const { client: c, user } = await signedUpUser(server);
    const first = (await uploadAvatar(c, png(await solidImage('png')))).json().avatar_url as string;
    await server.ctx.jobs.drain();
    const old = await userRow(user.id);
    expect(old.avatarThumbKey).not.toBeNull();

    const second = await uploadAvatar(c, jpeg(await solidImage('jpeg')));
    expect(second.statusCode).toBe(200);
    expect(mediaKeyOf(second.json().avatar_url)).not.toBe(mediaKeyOf(first));
    await server.ctx.jobs.drain();

    expect([403, 404]).toContain((await c.get(first)).statusCode);
    expect(await server.ctx.blobs.stat(old.avatarKey!)).toBeUndefined();
    expect(await server.ctx.blobs.stat(old.avatarThumbKey!)).toBeUndefined();
    const now = await userRow(user.id);
    expect(await server.ctx.blobs.stat(now.avatarKey!)).toBeDefined();
    expect(now.avatarThumbKey).not.toBe(old.avatarThumbKey);
    expect((await c.get(second.json().avatar_url)).statusCode).toBe(200);
  });

  it('leaves no orphan blob when two uploads race', async () => {
    const { client: c, user } = await signedUpUser(server);
    const [first, second] = [await solidImage('png', 300, 300), await solidImage('jpeg', 200, 200)];
    // Each answer reads the user after its own commit, so on a real server both may already
    // show the winner: the keys both uploads stored are taken from the store's writes.
    const put = vi.spyOn(server.ctx.blobs, 'put');
    const answers = await Promise.all([uploadAvatar(c, png(first)), uploadAvatar(c, jpeg(second))]);
    const written = put.mock.calls.map(([key]) => key);
    // The job may already have made the first one's smaller copies.
    const copies = new Set(written.flatMap((key) => variantKeys(key, AVATAR_VARIANT_WIDTHS)));
    const keys = written.filter((key) => !copies.has(key));
    put.mockRestore();
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(new Set(keys).size).toBe(2);
    await server.ctx.jobs.drain();
    const row = await userRow(user.id);
    expect(keys).toContain(row.avatarKey);
    expect(answers.map((r) => mediaKeyOf(r.json().avatar_url))).toContain(row.avatarKey);
    const loser = keys.find((k) => k !== row.avatarKey)!;
    expect(await server.ctx.blobs.stat(loser)).toBeUndefined();
    const owned = await server.ctx.db
      .select()
      .from(mediaObjects)
      .where(eq(mediaObjects.ownerId, user.id));
    // The winner's avatar and its smaller copies (the 128 px one is the thumbnail), nothing else.
    expect(row.avatarThumbKey).toBe(variantKey(row.avatarKey!, AVATAR_VARIANT_WIDTHS[0]));
    expect(owned.map((m) => m.key).sort()).toEqual(
      [row.avatarKey!, ...variantKeys(row.avatarKey!, AVATAR_VARIANT_WIDTHS)].sort(),
    );
  });
});
