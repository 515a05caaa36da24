import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '@glimpse/contract';
import { users } from '../../db/schema/index.ts';
import { countryOfAddress } from '../../platform/geo/index.ts';
import type { Socket } from 'socket.io-client';
import {
  client,
  startTestServer,
  TEST_ORIGIN,
  type Client,
  type TestServer,
} from '../../test/harness.ts';
import { connected, openSocket } from '../../platform/realtime/test/socket-test-client.ts';
import { signedUpUser } from '../../test/factories.ts';
import { seedLiveStream } from '../moderation/test/moderation-fixtures.ts';
import { testPicture } from '../../platform/media-tools/perceptual-hash/test-pictures.ts';
import { postStory, processedStory } from '../../test/stories.ts';
import { seedFollow } from '../../test/access-fixtures.ts';
import { channelIdOf } from '../chats/test/chat-fixtures.ts';
import { closeSockets, joinChat, socketOf } from '../chats/test/chat-sockets.ts';

/**
 * Geo-blocking (issue 29, part 6): a creator's blocked countries keep viewers from there (by the
 * client address, X-Forwarded-For only from TRUSTED_PROXIES, or by their profile country) off
 * every surface, answered as absent.
 */

const GERMAN = '81.169.145.105';
const AMERICAN = '8.8.8.8';

let server: TestServer;
let creator: { id: number; slug: string; client: Client };
let story: Story;
let streamId: number;
beforeAll(async () => {
  // Clients of the harness come from 10.x: they are the "proxy" here; 192.168.x is not.
  server = await startTestServer({ trustedProxies: ['10.0.0.0/8'] });
  const { user, client: c } = await signedUpUser(server);
  const [row] = await server.ctx.db
    .select({ slug: users.slug })
    .from(users)
    .where(eq(users.id, user.id));
  creator = { id: user.id, slug: row!.slug, client: c };
  const posted = await postStory(c, { data: await testPicture(2961), contentType: 'image/jpeg' });
  expect(posted.statusCode, posted.body).toBe(201);
  story = await processedStory(server, c, posted.json<Story>().id);
  expect(story.status).toBe('ready');
  streamId = await seedLiveStream(server, user.id);
});
afterAll(async () => {
  await server?.stop();
});

async function setBlocked(countries: string[]) {
  const response = await creator.client.put('/api/users/me/profile', {
    blockedCountries: countries,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ blockedCountries: string[] }>();
}

/** A viewer whose requests arrive through the proxy from `address` (or a given socket). */
async function viewerFrom(address: string, socketIp?: string, profileCountry = 'us') {
  const { user, client: base } = await signedUpUser(server, { country_code: profileCountry });
  const own = client(server, { cookie: base.cookie, ...(socketIp ? { ip: socketIp } : {}) });
  const get = (url: string) =>
    own.request({ method: 'GET', url, headers: { 'x-forwarded-for': address } });
  return { id: user.id, get };
}

/** The story's media URL as signed for this viewer while they may see it. */
const mediaUrls = new Map<(url: string) => ReturnType<Client['get']>, string>();

/**
 * What a viewer sees of the creator on every surface. A good media link for media the viewer
 * may not see answers 404 (media_not_found), as an absent blob does.
 */
async function surfaces(get: (url: string) => ReturnType<Client['get']>) {
  const profile = await get(`/api/users/slug/${creator.slug}`);
  const byId = await get(`/api/users/${creator.id}`);
  const shown = await get(`/api/stories/${story.id}`);
  // A URL handed out before the block stops working too (it is checked on every request).
  if (shown.statusCode === 200) mediaUrls.set(get, shown.json<Story>().overlay_src!);
  const url = mediaUrls.get(get);
  const media = url ? await get(url) : undefined;
  const search = await get(`/api/search?q=${encodeURIComponent(creator.slug)}`);
  const stream = await get(`/api/streams/${streamId}`);
  const home = await get('/api/home/stories/discover');
  return {
    profile: profile.statusCode,
    profileKey: profile.statusCode === 404 ? profile.json().err_key : null,
    user: byId.statusCode,
    story: shown.statusCode,
    storyKey: shown.statusCode === 404 ? shown.json().err_key : null,
    media: media?.statusCode,
    stream: stream.statusCode,
    inSearch: search.body.includes(`"id":${creator.id},`),
    onHome: home.body.includes(`"id":${creator.id},`),
  };
}

describe('geo-blocking', () => {
  it('knows the test addresses', () => {
    expect(countryOfAddress(GERMAN)).toBe('de');
    expect(countryOfAddress(AMERICAN)).toBe('us');
  });

  it('stores the blocked countries on the profile, checked against the reference list', async () => {
    expect((await setBlocked(['DE', 'fr', 'de'])).blockedCountries).toEqual(['de', 'fr']);
    const unknown = await creator.client.put('/api/users/me/profile', {
      blockedCountries: ['zz'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().err_key).toBe('unknown_country');
    expect((await setBlocked([])).blockedCountries).toEqual([]);
  });

  it('hides the creator everywhere from a blocked country, through a trusted proxy', async () => {
    const german = await viewerFrom(GERMAN);
    const american = await viewerFrom(AMERICAN);
    await surfaces(german.get);
    const visible = await surfaces(american.get);
    expect(visible).toMatchObject({ profile: 200, user: 200, story: 200, media: 200 });
    expect(visible.inSearch).toBe(true);

    await setBlocked(['de']);
    expect(await surfaces(german.get)).toEqual({
      profile: 404,
      profileKey: 'user_not_found',
      user: 404,
      story: 404,
      storyKey: 'story_not_found',
      media: 404,
      stream: 404,
      inSearch: false,
      onHome: false,
    });
    expect(await surfaces(american.get)).toMatchObject({
      profile: 200,
      story: 200,
      media: 200,
      stream: 200,
    });
    expect((await surfaces(american.get)).inSearch).toBe(true);

    // The creator always sees themself, wherever they are.
    const self = await creator.client.request({
      method: 'GET',
      url: `/api/stories/${story.id}`,
      headers: { 'x-forwarded-for': GERMAN },
    });
    expect(self.statusCode).toBe(200);

    // Unblocking restores.
    await setBlocked([]);
    expect(await surfaces(german.get)).toMatchObject({ profile: 200, story: 200, media: 200 });
  });

  it('ignores X-Forwarded-For from a source that is not a trusted proxy', async () => {
    await setBlocked(['de']);
    const spoofing = await viewerFrom(GERMAN, '192.168.7.7', 'us');
    expect(await surfaces(spoofing.get)).toMatchObject({ profile: 200, story: 200, media: 200 });
    await setBlocked([]);
  });

  it('blocks by the signed-in viewer profile country too', async () => {
    const traveller = await viewerFrom(AMERICAN);
    expect((await surfaces(traveller.get)).story).toBe(200);
    await setBlocked(['de']);
    await server.ctx.db.update(users).set({ countryCode: 'de' }).where(eq(users.id, traveller.id));
    expect(await surfaces(traveller.get)).toMatchObject({
      profile: 404,
      story: 404,
      media: 404,
      inSearch: false,
      onHome: false,
    });
    await setBlocked([]);
  });
});

describe('geo-blocking: media URLs and the channel', () => {
  it('answers a media URL handed out before with 404 media_not_found; a bad signature stays 403', async () => {
    const german = await viewerFrom(GERMAN);
    const shown = await german.get(`/api/stories/${story.id}`);
    expect(shown.statusCode).toBe(200);
    const url = shown.json<Story>().overlay_src!;
    expect((await german.get(url)).statusCode).toBe(200);
    await setBlocked(['de']);
    const hidden = await german.get(url);
    expect([hidden.statusCode, hidden.json().err_key]).toEqual([404, 'media_not_found']);
    const tampered = await german.get(url.replace(/s=([^&]{4})/, 's=AAAA'));
    expect([tampered.statusCode, tampered.json().err_key]).toEqual([403, 'media_link_invalid']);
    await setBlocked([]);
  });

  it("keeps the creator's channel absent from a blocked country: reading it and joining its room", async () => {
    const channelId = await channelIdOf(server, creator.id);
    const read = async (get: (url: string) => ReturnType<Client['get']>) => {
      const loaded = await get(`/api/chats/load?chat_id=${channelId}`);
      const messages = await get(`/api/chats/${channelId}/messages`);
      return {
        load: loaded.statusCode,
        loadKey: loaded.statusCode === 404 ? loaded.json().err_key : null,
        messages: messages.statusCode,
      };
    };
    // Followers: a channel is read by its followers and subscribers.
    const german = await viewerFrom(GERMAN);
    const american = await viewerFrom(AMERICAN);
    for (const fan of [german, american]) await seedFollow(server, fan.id, creator.id);
    expect(await read(german.get)).toEqual({ load: 200, loadKey: null, messages: 200 });
    await setBlocked(['de']);
    expect(await read(german.get)).toEqual({
      load: 404,
      loadKey: 'chat_not_found',
      messages: 404,
    });
    expect(await read(american.get)).toMatchObject({ load: 200, messages: 200 });

    // Sockets from 127.0.0.1 (no country, not a proxy here): the profile country decides.
    const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const local = await signedUpUser(server, { country_code: 'de' });
      const abroad = await signedUpUser(server, { country_code: 'us' });
      for (const fan of [local, abroad]) await seedFollow(server, fan.user.id, creator.id);
      const localSocket = await socketOf(url, { id: local.user.id, client: local.client });
      const abroadSocket = await socketOf(url, { id: abroad.user.id, client: abroad.client });
      expect(await joinChat(localSocket, channelId)).toEqual({
        ok: false,
        err_key: 'chat_not_found',
      });
      expect(await joinChat(abroadSocket, channelId)).toMatchObject({ ok: true });
    } finally {
      closeSockets();
      await setBlocked([]);
    }
  });
});

describe('geo-blocking without TRUSTED_PROXIES', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer();
  });
  afterAll(async () => {
    await plain?.stop();
  });

  it('takes the socket address whatever X-Forwarded-For claims', async () => {
    const owner = await signedUpUser(plain);
    const posted = await postStory(owner.client, {
      data: await testPicture(2962),
      contentType: 'image/jpeg',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const shown = await processedStory(plain, owner.client, posted.json<Story>().id);
    expect(
      (await owner.client.put('/api/users/me/profile', { blockedCountries: ['de'] })).statusCode,
    ).toBe(200);

    /** A viewer (profile country us) on socket address `socketIp` claiming `forwarded`. */
    const viewer = async (socketIp: string, forwarded: string) => {
      const base = await signedUpUser(plain, { country_code: 'us' });
      const c = client(plain, { cookie: base.client.cookie, ip: socketIp });
      const get = (url: string) =>
        c.request({ method: 'GET', url, headers: { 'x-forwarded-for': forwarded } });
      return async () => ({
        profile: (await get(`/api/users/${owner.user.id}`)).statusCode,
        story: (await get(`/api/stories/${shown.id}`)).statusCode,
      });
    };
    // From Germany, claiming America: still blocked.
    const german = await viewer(GERMAN, AMERICAN);
    expect(await german()).toEqual({ profile: 404, story: 404 });
    // From America, claiming Germany: still shown.
    const american = await viewer(AMERICAN, GERMAN);
    expect(await american()).toEqual({ profile: 200, story: 200 });
  });
});

describe('geo-blocking on sockets behind a trusted proxy', () => {
  let proxied: TestServer;
  beforeAll(async () => {
    // The test's sockets come from 127.0.0.1: here that is the proxy.
    proxied = await startTestServer({ trustedProxies: ['127.0.0.1', '::1'] });
  });
  afterAll(async () => {
    await proxied?.stop();
  });

  it("refuses to join the creator's channel room from a blocked address", async () => {
    const owner = await signedUpUser(proxied);
    expect(
      (await owner.client.put('/api/users/me/profile', { blockedCountries: ['de'] })).statusCode,
    ).toBe(200);
    const channelId = await channelIdOf(proxied, owner.user.id);
    const url = await proxied.app.listen({ port: 0, host: '127.0.0.1' });
    const sockets: Socket[] = [];
    try {
      const joinFrom = async (address: string) => {
        const fan = await signedUpUser(proxied, { country_code: 'us' });
        await seedFollow(proxied, fan.user.id, owner.user.id);
        const socket = openSocket(url, {
          cookie: `glimpse_session=${fan.client.cookie}`,
          origin: TEST_ORIGIN,
          forwardedFor: address,
        });
        sockets.push(socket);
        await connected(socket);
        return joinChat(socket, channelId);
      };
      expect(await joinFrom(GERMAN)).toEqual({ ok: false, err_key: 'chat_not_found' });
      expect(await joinFrom(AMERICAN)).toMatchObject({ ok: true });
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  });
});
