import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mediaObjects, subscriptions } from '../../db/schema/index.ts';
import { seedStory, seedSubscription } from '../../test/access-fixtures.ts';
import { signedUpUser } from '../../test/factories.ts';
import { startTestServer, type Client, type TestServer } from '../../test/harness.ts';
import { startS3TestServer, testS3Settings, type S3TestServer } from '../../test/s3-test-server.ts';

/**
 * How media leaves the API (issue 30): streamed with ranges, or on S3 with MEDIA_REDIRECT_SECONDS
 * a 302 to a presigned URL. Either way the signed URL passes the access check on every request.
 */

const REDIRECT_SECONDS = 30;

let s3: S3TestServer;
/** On S3, streaming (MEDIA_REDIRECT_SECONDS=0). */
let streaming: TestServer;
/** On S3, redirecting to presigned URLs. */
let redirecting: TestServer;
beforeAll(async () => {
  s3 = await startS3TestServer();
  [streaming, redirecting] = await Promise.all([
    startTestServer({ s3: testS3Settings(s3.endpoint), mediaRedirectSeconds: 0 }),
    startTestServer({ s3: testS3Settings(s3.endpoint), mediaRedirectSeconds: REDIRECT_SECONDS }),
  ]);
});
afterAll(async () => {
  await Promise.all([streaming?.stop(), redirecting?.stop()]);
  await s3?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

type Person = Awaited<ReturnType<typeof signedUpUser>>;

/** A story whose picture is `bytes` large (random: a wrong slice cannot match by chance). */
async function storyWithMedia(
  server: TestServer,
  owner: Person,
  options: { priceCents?: number } = {},
): Promise<{ id: number; key: string; bytes: Buffer }> {
  const story = await seedStory(server, owner.user.id, options);
  const bytes = randomBytes(300_000);
  await server.ctx.blobs.put(story.imageKey, bytes);
  await server.ctx.db
    .update(mediaObjects)
    .set({ bytes: bytes.length })
    .where(eq(mediaObjects.key, story.imageKey));
  return { id: story.id, key: story.imageKey, bytes };
}

/** The media URL the API hands `viewer` for the story's picture. */
async function handedOutUrl(viewer: Person, storyId: number): Promise<string> {
  const story = await viewer.client.get(`/api/stories/${storyId}`);
  expect(story.statusCode).toBe(200);
  const url = story.json().overlay_src as string | null;
  expect(url).toMatch(/^\/media\//);
  return url!;
}

interface Fetched {
  status: number;
  body: Buffer;
  headers: Record<string, string | undefined>;
}

/** GETs a media URL as the viewer's browser does: a redirect is followed to storage. */
async function fetchMedia(c: Client, url: string, range?: string): Promise<Fetched> {
  const answer = await c.request({ method: 'GET', url, headers: range ? { range } : {} });
  if (answer.statusCode !== 302) {
    return {
      status: answer.statusCode,
      body: answer.rawPayload,
      headers: answer.headers as Record<string, string | undefined>,
    };
  }
  return fetchStorage(answer.headers.location as string, range);
}

async function fetchStorage(url: string, range?: string): Promise<Fetched> {
  const answer = await fetch(url, { headers: range ? { range } : {} });
  return {
    status: answer.status,
    body: Buffer.from(await answer.arrayBuffer()),
    headers: Object.fromEntries(answer.headers),
  };
}

describe('media redirected to presigned storage URLs (MEDIA_REDIRECT_SECONDS on S3)', () => {
  it("lets the page load pictures and video from the bucket's origin, and only then", async () => {
    const mediaSources = async (server: TestServer) => {
      const page = await server.app.inject({ method: 'GET', url: '/api/echo' });
      const csp = String(page.headers['content-security-policy']);
      return ['img-src', 'media-src'].map((name) =>
        csp.split(';').find((part) => part.trim().startsWith(name)),
      );
    };
    const origin = new URL(s3.endpoint).origin;
    for (const directive of await mediaSources(redirecting)) expect(directive).toContain(origin);
    for (const directive of await mediaSources(streaming)) expect(directive).not.toContain(origin);
  });

  it('answers 302 to a URL of the bucket that serves the exact bytes, privately', async () => {
    const [owner, viewer] = await Promise.all([0, 1].map(() => signedUpUser(redirecting)));
    const story = await storyWithMedia(redirecting, owner!);
    const url = await handedOutUrl(viewer!, story.id);

    const answer = await viewer!.client.get(url);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.rawPayload.length).toBe(0);
    const location = new URL(answer.headers.location as string);
    expect(location.origin).toBe(s3.endpoint);
    expect(location.searchParams.get('X-Amz-Expires')).toBe(String(REDIRECT_SECONDS));

    const stored = await fetchStorage(location.href);
    expect(stored.status).toBe(200);
    expect(stored.body.equals(story.bytes)).toBe(true);
    expect(stored.headers['content-type']).toBe('image/webp');
    expect(stored.headers['cache-control']).toBe('private, no-store');
  });

  it('serves a Range re-sent to the presigned URL as 206 and the slice', async () => {
    const [owner, viewer] = await Promise.all([0, 1].map(() => signedUpUser(redirecting)));
    const story = await storyWithMedia(redirecting, owner!);
    const url = await handedOutUrl(viewer!, story.id);

    const middle = await fetchMedia(viewer!.client, url, 'bytes=1000-65535');
    expect(middle.status).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 1000-65535/${story.bytes.length}`);
    expect(middle.body.equals(story.bytes.subarray(1000, 65536))).toBe(true);

    // Open-ended, as a video element asks (s3rver misreads suffix ranges `bytes=-N`; S3 does not).
    const tail = await fetchMedia(viewer!.client, url, 'bytes=299000-');
    expect(tail.status).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes 299000-299999/${story.bytes.length}`);
    expect(tail.body.equals(story.bytes.subarray(299_000))).toBe(true);
  });

  it('signs nothing for a viewer the check refuses', async () => {
    const [owner, viewer] = await Promise.all([0, 1].map(() => signedUpUser(redirecting)));
    const story = await storyWithMedia(redirecting, owner!, { priceCents: 500 });
    const answer = await viewer!.client.get(
      redirecting.ctx.mediaSigner.url(story.key, viewer!.user.id),
    );
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ err_key: 'media_not_found' });
    expect(answer.headers.location).toBeUndefined();
    // The owner, whom the check allows, is redirected.
    const own = await owner!.client.get(redirecting.ctx.mediaSigner.url(story.key, owner!.user.id));
    expect(own.statusCode).toBe(302);
  });

  it('lets a presigned URL work until its TTL and not after', async () => {
    const [owner, viewer] = await Promise.all([0, 1].map(() => signedUpUser(redirecting)));
    const story = await storyWithMedia(redirecting, owner!);
    const answer = await viewer!.client.get(await handedOutUrl(viewer!, story.id));
    const presigned = answer.headers.location as string;
    const signedAt = Date.now();

    // Storage (s3rver, in this process) reads the clock: move it instead of waiting.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(signedAt + (REDIRECT_SECONDS - 2) * 1000);
    expect((await fetchStorage(presigned)).status).toBe(200);
    vi.setSystemTime(signedAt + (REDIRECT_SECONDS + 1) * 1000);
    const expired = await fetchStorage(presigned);
    expect(expired.status).toBe(403);
    expect(expired.body.toString()).toContain('Request has expired');
  });
});

describe('media streamed by the API from S3 (MEDIA_REDIRECT_SECONDS=0)', () => {
  it('streams the bytes, and Range requests as 206 slices', async () => {
    const [owner, viewer] = await Promise.all([0, 1].map(() => signedUpUser(streaming)));
    const story = await storyWithMedia(streaming, owner!);
    const url = await handedOutUrl(viewer!, story.id);

    const whole = await viewer!.client.get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/webp');
    expect(whole.headers['cache-control']).toBe('private, no-store');
    expect(whole.rawPayload.equals(story.bytes)).toBe(true);

    const slice = await fetchMedia(viewer!.client, url, 'bytes=1000-65535');
    expect(slice.status).toBe(206);
    expect(slice.headers['content-range']).toBe(`bytes 1000-65535/${story.bytes.length}`);
    expect(slice.body.equals(story.bytes.subarray(1000, 65536))).toBe(true);

    const beyond = await fetchMedia(viewer!.client, url, `bytes=${story.bytes.length}-`);
    expect(beyond.status).toBe(416);
  });
});

describe('media streamed from local disk whatever MEDIA_REDIRECT_SECONDS says', () => {
  it('streams: local disk has no presigned URLs', async () => {
    const local = await startTestServer({ s3: undefined, mediaRedirectSeconds: REDIRECT_SECONDS });
    try {
      const [owner, viewer] = await Promise.all([0, 1].map(() => signedUpUser(local)));
      const story = await storyWithMedia(local, owner!);
      const answer = await viewer!.client.get(await handedOutUrl(viewer!, story.id));
      expect(answer.statusCode).toBe(200);
      expect(answer.rawPayload.equals(story.bytes)).toBe(true);
    } finally {
      await local.stop();
    }
  });
});

/** Ways a viewer's access to a story ends after its media URL was handed out. */
const endings: {
  label: string;
  priceCents?: number;
  /** Whether the viewer subscribes to the creator before. */
  subscribed?: boolean;
  end(server: TestServer, owner: Person, viewer: Person, storyId: number): Promise<void>;
}[] = [
  {
    label: 'the creator blocked the viewer',
    async end(_server, owner, viewer) {
      const block = await owner.client.post(`/api/users/${viewer.user.id}/block`);
      expect(block.statusCode).toBe(200);
    },
  },
  {
    label: "the viewer's subscription (to a priced story's creator) ended",
    priceCents: 500,
    subscribed: true,
    async end(server, _owner, viewer) {
      await server.ctx.db
        .update(subscriptions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(subscriptions.subscriberId, viewer.user.id));
    },
  },
  {
    label: 'the creator deleted the story',
    async end(_server, owner, _viewer, storyId) {
      expect((await owner.client.delete(`/api/stories/${storyId}`)).statusCode).toBe(204);
    },
  },
];

describe.each([
  { mode: 'streamed', serverOf: () => streaming, allowed: 206 },
  { mode: 'redirected', serverOf: () => redirecting, allowed: 302 },
])('a media URL handed out before access ended ($mode)', ({ serverOf, allowed }) => {
  it.each(endings)('is refused once $label', async (ending) => {
    const server = serverOf();
    const [owner, viewer] = await Promise.all([0, 1].map(() => signedUpUser(server)));
    const story = await storyWithMedia(server, owner!, { priceCents: ending.priceCents });
    if (ending.subscribed) await seedSubscription(server, viewer!.user.id, owner!.user.id);
    const url = await handedOutUrl(viewer!, story.id);
    const range = { range: 'bytes=0-99' };
    const before = await viewer!.client.request({ method: 'GET', url, headers: range });
    expect(before.statusCode).toBe(allowed);

    await ending.end(server, owner!, viewer!, story.id);

    for (const headers of [{}, range]) {
      const after = await viewer!.client.request({ method: 'GET', url, headers });
      expect(after.statusCode).toBe(404);
      expect(after.json()).toEqual({ err_key: 'media_not_found' });
      expect(after.headers.location).toBeUndefined();
      expect(after.headers['cache-control']).toBe('private, no-store');
    }
  });
});
