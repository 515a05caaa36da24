import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestServer, type Client, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { solidImage } from '../../test/images.ts';
import { mediaKeyOf, uploadAvatar } from '../../test/uploads.ts';

const HOURS = 60 * 60 * 1000;

let server: TestServer;
let owner: { id: number; client: Client; url: string; key: string };
let other: { id: number; client: Client };
beforeAll(async () => {
  server = await startTestServer();
  const a = await signedUpUser(server);
  const uploaded = await uploadAvatar(a.client, {
    data: await solidImage('png'),
    filename: 'a.png',
    contentType: 'image/png',
  });
  const url = uploaded.json().avatar_url as string;
  owner = { id: a.user.id, client: a.client, url, key: mediaKeyOf(url) };
  const b = await signedUpUser(server);
  other = { id: b.user.id, client: b.client };
});
afterAll(async () => {
  await server?.stop();
});

/** The URL with one query parameter replaced. */
function withParam(url: string, name: string, value: string): string {
  const parsed = new URL(url, 'http://x');
  parsed.searchParams.set(name, value);
  return `${parsed.pathname}${parsed.search}`;
}

function expectRefused(response: {
  statusCode: number;
  json(): unknown;
  headers: Record<string, unknown>;
}) {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ err_key: 'media_link_invalid' });
  expect(response.headers['cache-control']).toBe('private, no-store');
}

describe('GET /media/{key} (signed URLs)', () => {
  it('serves the owner their own URL, privately', async () => {
    const response = await owner.client.get(owner.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.length).toBe(Number(response.headers['content-length']));
  });

  it('serves another user the avatar through the URL the API signed for them', async () => {
    const companion = await other.client.get(`/api/users/${owner.id}`);
    const url = companion.json().profileImage as string;
    expect(mediaKeyOf(url)).toBe(owner.key);
    expect(url).not.toBe(owner.url);
    expect((await other.client.get(url)).statusCode).toBe(200);
  });

  it('refuses the URL without a session', async () => {
    expectRefused(await client(server).get(owner.url));
  });

  it("refuses another signed-in user who holds someone else's URL", async () => {
    expectRefused(await other.client.get(owner.url));
  });

  it('refuses a URL signed for another user, even to its owner', async () => {
    expectRefused(await owner.client.get(server.ctx.mediaSigner.url(owner.key, other.id)));
  });

  it('refuses a tampered signature, viewer or expiry', async () => {
    const signature = new URL(owner.url, 'http://x').searchParams.get('s')!;
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expectRefused(await owner.client.get(withParam(owner.url, 's', flipped)));
    expectRefused(await owner.client.get(withParam(owner.url, 's', '')));
    expectRefused(await other.client.get(withParam(owner.url, 'u', String(other.id))));
    const expiry = Number(new URL(owner.url, 'http://x').searchParams.get('e'));
    expectRefused(await owner.client.get(withParam(owner.url, 'e', String(expiry + 24 * HOURS))));
  });

  it('refuses an expired URL', async () => {
    const expired = server.ctx.mediaSigner.url(owner.key, owner.id, Date.now() - 2 * HOURS);
    expectRefused(await owner.client.get(expired));
  });

  it('answers a correctly signed URL for a key that holds no media as absent', async () => {
    const ghost = server.ctx.mediaSigner.url('AAAAAAAAAAAAAAAAAAAAAA', owner.id);
    const response = await owner.client.get(ghost);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ err_key: 'media_not_found' });
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it.each([
    ['a path traversal', '..%2F..%2Fsecret'],
    ['a dot key', '..'],
    ['a very long key', 'k'.repeat(500)],
    ['a NUL byte', 'abc%00def'],
    ['unicode', '%F0%9F%98%80'],
  ])('answers 403 or 404, never 500, for %s', async (_label, key) => {
    const signedForIt = server.ctx.mediaSigner
      .url(decodeURIComponent(key), owner.id)
      .replace(/^\/media\/[^?]+/, `/media/${key}`);
    for (const url of [signedForIt, `/media/${key}?u=${owner.id}&e=1&s=x`, `/media/${key}`]) {
      const response = await owner.client.get(url);
      expect([403, 404], `${url} -> ${response.statusCode} ${response.body}`).toContain(
        response.statusCode,
      );
    }
  });

  it.each([
    ['no query at all', (url: string) => url.split('?')[0]!],
    ['a non-numeric viewer', (url: string) => withParam(url, 'u', 'me')],
    ['a non-numeric expiry', (url: string) => withParam(url, 'e', 'soon')],
    ['a huge expiry', (url: string) => withParam(url, 'e', '9'.repeat(40))],
    ['a long signature', (url: string) => withParam(url, 's', 'x'.repeat(500))],
  ])('refuses a URL with %s as media_link_invalid', async (_label, mangle) => {
    expectRefused(await owner.client.get(mangle(owner.url)));
  });
});
