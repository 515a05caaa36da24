import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stream } from '@glimpse/contract';
import { streams, subscriptions } from '../../db/schema/index.ts';
import { seedSubscription } from '../../test/access-fixtures.ts';
import { client, startTestServer, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { viewer } from '../money/test/index.ts';
import { existsSync, mkdirSync } from 'node:fs';
import { LiveIngest } from './live-ingest.ts';
import { liveDirOf, liveMediaKey, segmentSignedKey, sessionTag } from './playback-urls.ts';
import { StreamSweeper } from './stream-sweeper.ts';
import { fakeLive, startStream, storedHls } from './test/live-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

type Person = Awaited<ReturnType<typeof viewer>>;

/** A subscribers-only live stream with a playlist, its host and one subscriber. */
async function subscribersStream() {
  const [host, member, stranger] = [
    await viewer(server),
    await viewer(server),
    await viewer(server),
  ];
  await seedSubscription(server, member.id, host.id);
  const stream = await startStream(host.client, { title: 'Club', audience: 'subscribers' });
  await fakeLive(server, stream.id);
  return { host, member, stranger, stream };
}

async function playbackUrl(person: Person, id: number): Promise<string> {
  return (await person.client.get(`/api/streams/${id}`)).json<Stream>().playback_url!;
}

async function segmentUrls(person: Person, playbackUrl: string): Promise<string[]> {
  const playlist = await person.client.get(playbackUrl);
  expect(playlist.statusCode).toBe(200);
  return playlist.body.split('\n').filter((line) => line.startsWith('/media/live/'));
}

/** The same URL with its expiry moved into the past, correctly signed. */
function expired(url: string, streamId: number, viewer: Person): string {
  const file = url.split('?')[0]!.split('/').at(-1)!;
  const key =
    file === 'index.m3u8'
      ? liveMediaKey(streamId, file)
      : segmentSignedKey(streamId, file, sessionTag(viewer.client.cookie));
  const query = server.ctx.mediaSigner.expiringQuery(key, viewer.id, 1_000, Date.now() - 60_000);
  return `${url.split('?')[0]}?${query}`;
}

describe('signed live playback URLs', () => {
  it('serve the viewer they were signed for, and refuse everyone and everything else', async () => {
    const { member, stranger, stream } = await subscribersStream();
    const playlist = await playbackUrl(member, stream.id);
    const [segment] = await segmentUrls(member, playlist);
    expect((await member.client.get(segment!)).statusCode).toBe(200);

    for (const url of [playlist, segment!]) {
      // Anonymous, and another signed-in user holding the member's URL.
      expect((await client(server).get(url)).statusCode).toBe(403);
      expect((await stranger.client.get(url)).statusCode).toBe(403);
      // Expired, tampered with (signature, viewer, file), malformed.
      expect((await member.client.get(expired(url, stream.id, member))).statusCode).toBe(403);
      const tamperedSignature = url.replace(/s=([A-Za-z0-9_-])/, (_m, c: string) =>
        c === 'A' ? 's=B' : 's=A',
      );
      expect((await member.client.get(tamperedSignature)).statusCode).toBe(403);
      expect((await member.client.get(url.replace(/e=([0-9]+)/, 'e=9$1'))).statusCode).toBe(403);
      expect((await member.client.get(url.replace(/\?.*$/, ''))).statusCode).toBe(403);
    }
    // A URL signed for the stranger (who is not in the audience) opens nothing either.
    const forStranger = `/media/live/${stream.id}/index.m3u8?${server.ctx.mediaSigner.expiringQuery(
      liveMediaKey(stream.id, 'index.m3u8'),
      stranger.id,
      60_000,
    )}`;
    expect((await stranger.client.get(forStranger)).statusCode).toBe(403);
    // Another stream's file under this signature, or a path outside the stream's folder.
    expect((await member.client.get(segment!.replace('/seg-0.ts', '/seg-1.ts'))).statusCode).toBe(
      403,
    );
    expect((await member.client.get(`/media/live/${stream.id}/..%2Fsecret?x=1`)).statusCode).toBe(
      403,
    );
  });

  it('say a target duration of at least 1 s (ffmpeg writes 0 for half-second segments)', async () => {
    const { member, stream } = await subscribersStream();
    const playlist = (await member.client.get(await playbackUrl(member, stream.id))).body;
    expect(playlist).toContain('#EXT-X-TARGETDURATION:1\n');
    expect(playlist).not.toContain('#EXT-X-TARGETDURATION:0');
    expect(playlist.split('#EXTINF:0.500000,')).toHaveLength(4);
  });

  it('stop handing out playlists, so new segment URLs, as soon as the subscription ends', async () => {
    const { member, stream, host } = await subscribersStream();
    const playlist = await playbackUrl(member, stream.id);
    const [first] = await segmentUrls(member, playlist);
    expect((await member.client.get(first!)).statusCode).toBe(200);
    await server.ctx.db
      .update(subscriptions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(subscriptions.subscriberId, member.id));
    // The playlist is the gate (checked on every reload); a segment URL checks only its
    // signature (no database per segment, issue 30) and expires within PLAYBACK_URL_TTL_SECONDS.
    expect((await member.client.get(playlist)).statusCode).toBe(403);
    expect((await member.client.get(expired(first!, stream.id, member))).statusCode).toBe(403);
    // The creator still watches their own stream.
    const own = await segmentUrls(host, await playbackUrl(host, stream.id));
    expect((await host.client.get(own[0]!)).statusCode).toBe(200);
  });
});

describe('the stream sweeper', () => {
  it('ends streams whose ingest went quiet past the grace (a crashed node)', async () => {
    const [quiet, fresh] = [await viewer(server), await viewer(server)];
    const gone = await startStream(quiet.client);
    const alive = await startStream(fresh.client);
    await fakeLive(server, gone.id);
    await fakeLive(server, alive.id);
    await server.ctx.db
      .update(streams)
      .set({ lastDataAt: sql`now() - interval '1 hour'` })
      .where(eq(streams.id, gone.id));
    await new StreamSweeper(server.ctx).sweep();
    const status = async (person: Person, id: number) =>
      (await person.client.get(`/api/streams/${id}`)).json<Stream>().status;
    expect(await status(quiet, gone.id)).toBe('ended');
    expect(await status(fresh, alive.id)).toBe('live');
  });
});

describe('signed live segment URLs', () => {
  it('are bound to the session that got the playlist, and go dark when the stream ends', async () => {
    const host = await viewer(server);
    const { user, client: member, body } = await signedUpUser(server);
    const stream = await startStream(host.client, { title: 'Open' });
    await fakeLive(server, stream.id);
    const playlist = await playbackUrl({ id: user.id, client: member }, stream.id);
    const [segment] = await segmentUrls({ id: user.id, client: member }, playlist);
    expect((await member.get(segment!)).statusCode).toBe(200);
    // The same user signed in elsewhere (another session) cannot use this session's URL.
    const elsewhere = client(server);
    await elsewhere.post('/api/auth/login', { email: body.email, password: body.password });
    expect(elsewhere.cookie).toBeDefined();
    expect(elsewhere.cookie).not.toBe(member.cookie);
    expect((await elsewhere.get(segment!)).statusCode).toBe(403);
    expect((await elsewhere.get(playlist)).statusCode).toBe(200);
    await host.client.delete(`/api/streams/${stream.id}`);
    await server.ctx.blobs.put(
      liveMediaKey(stream.id, 'index.m3u8'),
      Buffer.concat([(await storedHls(server, stream.id))!, Buffer.from('#EXT-X-ENDLIST\n')]),
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await member.get(segment!)).statusCode).toBe(403);
  });
});

describe('HLS folders left behind', () => {
  it('are removed at start for ended and unknown streams; open streams keep theirs', async () => {
    const [a, b] = [await viewer(server), await viewer(server)];
    const ended = await startStream(a.client);
    await fakeLive(server, ended.id);
    await a.client.delete(`/api/streams/${ended.id}`);
    const open = await startStream(b.client);
    await fakeLive(server, open.id);
    const dirs = {
      ended: liveDirOf(server.config.dataDir, ended.id),
      open: liveDirOf(server.config.dataDir, open.id),
      unknown: liveDirOf(server.config.dataDir, 999_999),
    };
    // The scratch folders are there as a crashed run would have left them.
    for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
    // In the store: the ended stream's HLS goes once its two minutes are up, an unknown
    // stream's at once, an open stream's stays.
    await server.ctx.blobs.put(liveMediaKey(999_999, 'seg-0.ts'), Buffer.alloc(188));
    await server.ctx.db
      .update(streams)
      .set({ endedAt: sql`now() - interval '3 minutes'` })
      .where(eq(streams.id, ended.id));
    await new LiveIngest(server.ctx).removeLeftovers();
    expect([existsSync(dirs.ended), existsSync(dirs.unknown), existsSync(dirs.open)]).toEqual([
      false,
      false,
      true,
    ]);
    const stored = async (id: number) => (await storedHls(server, id, 'seg-0.ts')) !== undefined;
    expect([await stored(ended.id), await stored(999_999), await stored(open.id)]).toEqual([
      false,
      false,
      true,
    ]);
  });
});
