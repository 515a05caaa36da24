import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ChatState,
  HomeItem,
  OwnOpenStream,
  OwnStream,
  Stream,
  StreamKey,
} from '@glimpse/contract';
import { streamEntries, userBlocks } from '../../db/schema/index.ts';
import { seedFollow, seedStory, seedSubscription } from '../../test/access-fixtures.ts';
import { startTestServer, TEST_ORIGIN, type TestServer } from '../../test/harness.ts';
import { accounts, balanceCents, creator, fundWallet, pay, viewer } from '../money/test/index.ts';
import { fakeLive, startStream } from './test/live-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const outcome = (r: { statusCode: number; json(): unknown }) =>
  r.statusCode < 400
    ? String(r.statusCode)
    : `${r.statusCode} ${(r.json() as { err_key: string }).err_key}`;

describe('POST /api/streams', () => {
  it('goes live with its ingest details and a stream chat; one open stream at a time', async () => {
    const host = await viewer(server);
    const stream = await startStream(host.client, { title: 'Morning run' });
    expect(stream).toMatchObject({
      user_id: host.id,
      title: 'Morning run',
      status: 'starting',
      audience: 'everyone',
      price: null,
      isOwner: true,
      isAvailable: true,
      needsPayment: false,
      playback_url: null,
      ingest: {
        kind: 'browser',
        browser_url: `${TEST_ORIGIN.replace('http', 'ws')}/api/streams/${stream.id}/ingest`,
        rtmp_url: null,
        stream_key: null,
      },
    });
    expect(stream.chat_id).toEqual(expect.any(Number));
    expect(outcome(await host.client.post('/api/streams', { title: 'Again' }))).toBe(
      '409 stream_already_live',
    );
    // Parallel starts of another creator: exactly one stream.
    const other = await viewer(server);
    const answers = await Promise.all(
      [1, 2, 3].map(() => other.client.post('/api/streams', { title: 'Race' })),
    );
    expect(answers.map(outcome).sort()).toEqual([
      '201',
      '409 stream_already_live',
      '409 stream_already_live',
    ]);
  });

  it('takes a price only from a verified creator, up to the maximum', async () => {
    const unverified = await viewer(server);
    expect(outcome(await unverified.client.post('/api/streams', { title: 'x', price: 5 }))).toBe(
      '403 verification_required',
    );
    const seller = await creator(server);
    expect(outcome(await seller.client.post('/api/streams', { title: 'x', price: 50 }))).toBe(
      '400 max_price_error',
    );
    const priced = await startStream(seller.client, { title: 'x', price: 4.99 });
    expect(priced.price).toBe(4.99);
  });
});

describe('GET /api/users/me/stream', () => {
  it("answers the creator's open stream with its ingest details, until it ends", async () => {
    const host = await viewer(server);
    const ownOpen = async (person: typeof host) => {
      const response = await person.client.get('/api/users/me/stream');
      expect(response.statusCode).toBe(200);
      return response.json<OwnOpenStream>().stream;
    };
    expect(await ownOpen(host)).toBeNull();
    const started = await startStream(host.client, { title: 'Studio', ingest: 'rtmp' });
    expect(await ownOpen(host)).toEqual(started);
    expect(started.ingest.kind).toBe('rtmp');
    // Only the creator's own: another user has none of their own to resume.
    expect(await ownOpen(await viewer(server))).toBeNull();
    await host.client.delete(`/api/streams/${started.id}`);
    expect(await ownOpen(host)).toBeNull();
  });
});

describe('who sees a stream', () => {
  it('follows its audience and blocks; ended streams stay readable as ended', async () => {
    const host = await viewer(server);
    const [fan, member, stranger, blocked] = await Promise.all([
      viewer(server),
      viewer(server),
      viewer(server),
      viewer(server),
    ]);
    await seedFollow(server, fan.id, host.id);
    await seedSubscription(server, member.id, host.id);
    await server.ctx.db.insert(userBlocks).values({ blockerId: host.id, blockedId: blocked.id });
    const stream = await startStream(host.client, { title: 'Fans', audience: 'followers' });
    const read = (c: typeof fan) => c.client.get(`/api/streams/${stream.id}`);
    expect(outcome(await read(fan))).toBe('200');
    expect(outcome(await read(member))).toBe('200');
    expect(outcome(await read(stranger))).toBe('404 stream_not_found');
    expect(outcome(await read(blocked))).toBe('404 stream_not_found');
    expect(outcome(await stranger.client.get(`/api/users/${host.id}/stream`))).toBe(
      '404 stream_not_found',
    );
    expect(outcome(await blocked.client.get(`/api/users/${host.id}/stream`))).toBe(
      '404 user_not_found',
    );

    await fakeLive(server, stream.id);
    const watched = (await fan.client.get(`/api/users/${host.id}/stream`)).json<Stream>();
    expect(watched).toMatchObject({ id: stream.id, status: 'live', isAvailable: true });
    expect(watched.playback_url).toMatch(
      new RegExp(`^/media/live/${stream.id}/index\\.m3u8\\?u=${fan.id}&e=[0-9]+&s=`),
    );
    expect(watched.chat_id).toBe(stream.chat_id);

    expect(outcome(await fan.client.delete(`/api/streams/${stream.id}`))).toBe('403 forbidden');
    expect(outcome(await stranger.client.delete(`/api/streams/${stream.id}`))).toBe(
      '404 stream_not_found',
    );
    const ended = (await host.client.delete(`/api/streams/${stream.id}`)).json<OwnStream>();
    expect(ended).toMatchObject({ status: 'ended', playback_url: null });
    expect(ended.ended_at).not.toBeNull();
    const after = (await read(fan)).json<Stream>();
    expect(after).toMatchObject({ status: 'ended', isAvailable: false, playback_url: null });
    expect(outcome(await fan.client.get(`/api/users/${host.id}/stream`))).toBe(
      '404 stream_not_found',
    );
    expect(outcome(await fan.client.get('/api/users/2000000000/stream'))).toBe(
      '404 user_not_found',
    );
    // Ending again answers it as it is; a new stream may start.
    expect(outcome(await host.client.delete(`/api/streams/${stream.id}`))).toBe('200');
    await startStream(host.client);
  });

  it('subscribers-only streams are for active subscribers', async () => {
    const host = await viewer(server);
    const [fan, member] = [await viewer(server), await viewer(server)];
    await seedFollow(server, fan.id, host.id);
    await seedSubscription(server, member.id, host.id);
    const stream = await startStream(host.client, { title: 'Club', audience: 'subscribers' });
    expect(outcome(await fan.client.get(`/api/streams/${stream.id}`))).toBe('404 stream_not_found');
    expect(outcome(await member.client.get(`/api/streams/${stream.id}`))).toBe('200');
  });
});

describe('the live chat', () => {
  it('is read and written by who may watch, text and tips, until the stream ends', async () => {
    const host = await creator(server);
    const [fan, stranger] = [await viewer(server), await viewer(server)];
    await seedFollow(server, fan.id, host.id);
    const stream = await startStream(host.client, { title: 'Chat', audience: 'followers' });
    const chatId = stream.chat_id!;
    const send = (c: typeof fan, message: string) =>
      c.client.post(`/api/messages/send/channel/${chatId}`, { message, client_id: randomUUID() });
    expect(outcome(await send(fan, 'hello'))).toBe('200');
    expect(outcome(await send(host, 'welcome'))).toBe('200');
    expect(outcome(await send(stranger, 'hi?'))).toBe('404 chat_not_found');
    const state = (await fan.client.get(`/api/chats/load?chat_id=${chatId}`)).json<ChatState>();
    expect(state.messages.map((m) => m.message)).toEqual(['hello', 'welcome']);
    expect(outcome(await stranger.client.get(`/api/chats/load?chat_id=${chatId}`))).toBe(
      '404 chat_not_found',
    );

    await fundWallet(server, fan.id, 1_000);
    const tip = await pay(fan.client, 'POST', '/api/tips/channel', {
      chat_id: chatId,
      amount: 2,
      message: 'great show',
    });
    expect(outcome(tip)).toBe('200');
    const withTip = (await host.client.get(`/api/chats/load?chat_id=${chatId}`)).json<ChatState>();
    expect(withTip.messages.at(-1)).toMatchObject({ type: 'user_tip' });

    await host.client.delete(`/api/streams/${stream.id}`);
    expect(outcome(await send(fan, 'still here?'))).toBe('404 chat_not_found');
    expect(outcome(await host.client.get(`/api/chats/load?chat_id=${chatId}`))).toBe('200');
  });
});

describe('POST /api/streams/{id}/enter', () => {
  it('charges a priced stream once per viewer, whatever the keys and races', async () => {
    const host = await creator(server);
    const fan = await viewer(server);
    const stream = await startStream(host.client, { title: 'Paid', price: 2.5 });
    await fakeLive(server, stream.id);
    const locked = (await fan.client.get(`/api/streams/${stream.id}`)).json<Stream>();
    expect(locked).toMatchObject({
      price: 2.5,
      isAvailable: false,
      needsPayment: true,
      playback_url: null,
      chat_id: null,
    });
    const enter = (key?: string) =>
      pay(fan.client, 'POST', `/api/streams/${stream.id}/enter`, undefined, key);
    expect((await enter()).json()).toEqual({ status: false, err_key: 'insufficient_funds' });

    await fundWallet(server, fan.id, 1_000);
    const key = randomUUID();
    const answers = await Promise.all([
      ...[1, 2, 3].map(() => enter(key)),
      ...[1, 2, 3].map(() => enter()),
    ]);
    expect(answers.map((a) => a.json())).toEqual(Array(6).fill({ status: true }));
    expect((await enter(key)).headers['idempotent-replayed']).toBe('true');
    expect(await balanceCents(server.ctx, accounts.wallet(fan.id))).toBe(750);
    const [entries] = await server.ctx.db
      .select({ n: count() })
      .from(streamEntries)
      .where(eq(streamEntries.streamId, stream.id));
    expect(entries!.n).toBe(1);

    const open = (await fan.client.get(`/api/streams/${stream.id}`)).json<Stream>();
    expect(open).toMatchObject({ isAvailable: true, needsPayment: false });
    expect(open.playback_url).not.toBeNull();
    // The creator pays nothing to watch their own stream; an ended stream is not for sale.
    expect((await pay(host.client, 'POST', `/api/streams/${stream.id}/enter`)).json()).toEqual({
      status: true,
    });
    await host.client.delete(`/api/streams/${stream.id}`);
    const other = await viewer(server);
    expect(outcome(await pay(other.client, 'POST', `/api/streams/${stream.id}/enter`))).toBe(
      '409 stream_not_live',
    );
  });
});

describe('the RTMP stream key', () => {
  it('is stable until rotated', async () => {
    const host = await viewer(server);
    const first = (await host.client.get('/api/streams/key')).json<StreamKey>();
    expect(first).toMatchObject({ rtmp_enabled: false, rtmp_url: null });
    expect(first.stream_key).toMatch(new RegExp(`^${host.id}-`));
    expect((await host.client.get('/api/streams/key')).json<StreamKey>()).toEqual(first);
    const rotated = (await host.client.post('/api/streams/key/rotate')).json<StreamKey>();
    expect(rotated.stream_key).not.toBe(first.stream_key);
    expect((await host.client.get('/api/streams/key')).json<StreamKey>()).toEqual(rotated);
  });
});

describe('GET /api/home/streams/{section}', () => {
  it('lists creators live now that the viewer may see, and marks them live in stories', async () => {
    const [open, fansOnly, notLive] = [
      await viewer(server),
      await viewer(server),
      await viewer(server),
    ];
    const watcher = await viewer(server);
    const openStream = await startStream(open.client, { title: 'Open' });
    const fanStream = await startStream(fansOnly.client, { title: 'Fans', audience: 'followers' });
    await startStream(notLive.client, { title: 'Starting' });
    await fakeLive(server, openStream.id);
    await fakeLive(server, fanStream.id);
    await seedStory(server, open.id);

    const discover = async () =>
      (await watcher.client.get('/api/home/streams/discover?limit=60')).json<HomeItem[]>();
    const ids = (items: HomeItem[]) => items.map((item) => item.id);
    let listed = await discover();
    expect(ids(listed)).toContain(open.id);
    expect(ids(listed)).not.toContain(fansOnly.id);
    expect(ids(listed)).not.toContain(notLive.id);
    expect(listed.find((item) => item.id === open.id)!.stream).toEqual({
      id: openStream.id,
      title: 'Open',
      viewer_count: 0,
    });
    const stories = (await watcher.client.get('/api/home/stories/discover?limit=60')).json<
      HomeItem[]
    >();
    expect(stories.find((item) => item.id === open.id)?.stream?.id).toBe(openStream.id);

    await seedFollow(server, watcher.id, fansOnly.id);
    const following = (await watcher.client.get('/api/home/streams/following')).json<HomeItem[]>();
    expect(ids(following)).toEqual([fansOnly.id]);

    await open.client.delete(`/api/streams/${openStream.id}`);
    listed = await discover();
    expect(ids(listed)).not.toContain(open.id);
  });
});
