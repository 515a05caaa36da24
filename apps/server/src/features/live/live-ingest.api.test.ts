import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeItem, Stream, StreamWatchAck } from '@glimpse/contract';
import { startTestServer, TEST_ORIGIN, type TestServer } from '../../test/harness.ts';
import {
  collect,
  connected,
  openSocket,
  waitForCount,
} from '../../platform/realtime/test/socket-test-client.ts';
import { signedUpUser } from '../../test/factories.ts';
import { demoEmail } from '../demo/demo-people.ts';
import { viewer } from '../money/test/index.ts';
import { DEMO_LIVE_CREATOR, startDemoLive } from '../demo/demo-live.ts';
import {
  closed,
  eventually,
  exited,
  openIngest,
  opened,
  pushTestPattern,
  startStream,
  storedHls,
} from './test/live-fixtures.ts';

let server: TestServer;
let url: string;
beforeAll(async () => {
  // A short grace keeps the suite quick; under 6 s a loaded machine's reconnect (the first
  // ffmpeg flushing, the next starting) outlasted it and the sweeper ended the stream.
  server = await startTestServer({ streamReconnectGraceSeconds: 6 });
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server?.stop();
});

type Person = Awaited<ReturnType<typeof viewer>>;

const streamOf = async (person: Person, id: number) =>
  (await person.client.get(`/api/streams/${id}`)).json<Stream>();

/** The playlist as published to the store (what every node serves). */
const storedPlaylist = async (id: number) => (await storedHls(server, id))?.toString('utf8') ?? '';

function watcherSocket(person: Person) {
  return openSocket(url, {
    cookie: `glimpse_session=${person.client.cookie}`,
    origin: TEST_ORIGIN,
  });
}

describe('browser ingest', () => {
  it('turns MediaRecorder chunks into a live HLS stream that ends with stream.ended', async () => {
    const [host, fan] = [await viewer(server), await viewer(server)];
    const socket = watcherSocket(fan);
    await connected(socket);
    const started = collect(socket, 'stream.started');
    const ended = collect(socket, 'stream.ended');
    const stream = await startStream(host.client, { title: 'Pattern' });

    const ingest = openIngest(url, stream.id, host.client.cookie);
    await opened(ingest);
    const camera = pushTestPattern(ingest, 5);
    const live = await eventually(
      async () => {
        const seen = await streamOf(fan, stream.id);
        return seen.status === 'live' && seen;
      },
      20_000,
      'the stream to go live',
    );
    expect(live.started_at).not.toBeNull();
    await waitForCount(started, 1);
    expect(started[0]).toEqual({ stream_id: stream.id, user_id: host.id });

    // The playlist comes signed for the viewer, each segment with its own signed URL.
    const playlist = await fan.client.get(live.playback_url!);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toMatch(/mpegurl/);
    expect(playlist.headers['cache-control']).toBe('private, no-store');
    const segments = playlist.body.split('\n').filter((line) => line.startsWith('/media/live/'));
    expect(segments.length).toBeGreaterThan(0);
    expect(segments[0]).toMatch(
      new RegExp(`^/media/live/${stream.id}/seg-[0-9]+\\.ts\\?u=${fan.id}&e=[0-9]+&s=`),
    );
    const segment = await fan.client.get(segments[0]!);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte

    const discover = (await fan.client.get('/api/home/streams/discover')).json<HomeItem[]>();
    expect(discover.find((item) => item.id === host.id)?.stream).toMatchObject({
      id: stream.id,
      title: 'Pattern',
    });
    const ack = await socket.emitWithAck('stream.watch', { stream_id: stream.id });
    expect(ack).toEqual({ ok: true, viewers: 1 } satisfies StreamWatchAck);

    const whyClosed = closed(ingest);
    const end = await host.client.delete(`/api/streams/${stream.id}`);
    expect(end.json<Stream>().status).toBe('ended');
    expect(await whyClosed).toEqual({ code: 1000, reason: 'stream_ended' });
    await waitForCount(ended, 1);
    expect(ended[0]).toEqual({ stream_id: stream.id, user_id: host.id });
    expect(await storedPlaylist(stream.id)).toContain('#EXT-X-ENDLIST');
    // Ended: its segments are no longer served to viewers.
    expect((await fan.client.get(segments[0]!)).statusCode).toBe(403);
    camera.kill('SIGKILL');
    socket.disconnect();
  }, 45_000);

  it('resumes after a dropped connection within the grace, then ends once it runs out', async () => {
    const [host, fan] = [await viewer(server), await viewer(server)];
    const socket = watcherSocket(fan);
    await connected(socket);
    const ended = collect(socket, 'stream.ended');
    const stream = await startStream(host.client, { title: 'Flaky' });

    const first = openIngest(url, stream.id, host.client.cookie);
    await opened(first);
    const camera = pushTestPattern(first, 3);
    await eventually(async () => (await streamOf(fan, stream.id)).status === 'live', 20_000);
    await exited(camera);
    first.close();
    await closed(first);

    const second = openIngest(url, stream.id, host.client.cookie);
    await opened(second);
    // Fed until the discontinuity shows: a silent connection would let the grace run out.
    const again = pushTestPattern(second, 40);
    // The first ffmpeg flushes and exits before the next continues the playlist: slow when busy.
    await eventually(
      async () => (await storedPlaylist(stream.id)).includes('#EXT-X-DISCONTINUITY'),
      20_000,
      async () =>
        `a discontinuity (stream ${(await streamOf(host, stream.id)).status}): ${await storedPlaylist(stream.id)}`,
    );
    expect((await streamOf(fan, stream.id)).status).toBe('live');
    again.kill('SIGKILL');
    second.close();

    await waitForCount(ended, 1, 15_000);
    expect((await streamOf(host, stream.id)).status).toBe('ended');
    socket.disconnect();
  }, 60_000);
});

describe('ingest refusals', () => {
  it('wants our origin, the creator signed in and a stream that has not ended', async () => {
    const [host, other] = [await viewer(server), await viewer(server)];
    const stream = await startStream(host.client);
    const attempt = (cookie: string | undefined, origin?: string, id = stream.id) =>
      opened(openIngest(url, id, cookie, origin)).then(
        () => 'open',
        (error: Error) => error.message,
      );
    expect(await attempt(host.client.cookie, 'https://evil.example')).toBe('HTTP 403');
    expect(await attempt(undefined)).toBe('HTTP 401');
    expect(await attempt('forged-session-token')).toBe('HTTP 401');
    expect(await attempt(other.client.cookie)).toBe('HTTP 404');
    expect(await attempt(host.client.cookie, TEST_ORIGIN, 2_000_000_000)).toBe('HTTP 404');
    const wrongPath = await opened(
      new (await import('ws')).WebSocket(`${url.replace('http', 'ws')}/api/nothing-here`, {
        headers: { origin: TEST_ORIGIN },
      }),
    ).catch((error: Error) => error.message);
    expect(wrongPath).toBe('HTTP 404');
    await host.client.delete(`/api/streams/${stream.id}`);
    expect(await attempt(host.client.cookie)).toBe('HTTP 409');
  });

  it('takes one ingest per stream: a second socket is closed, a second stream refused', async () => {
    const host = await viewer(server);
    const stream = await startStream(host.client);
    const first = openIngest(url, stream.id, host.client.cookie);
    await opened(first);
    const second = openIngest(url, stream.id, host.client.cookie);
    const secondClosed = closed(second);
    await opened(second);
    expect(await secondClosed).toEqual({ code: 4409, reason: 'ingest_already_connected' });
    expect(first.readyState).toBe(first.OPEN);
    const again = await host.client.post('/api/streams', { title: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ err_key: 'stream_already_live' });
    await host.client.delete(`/api/streams/${stream.id}`);
  });

  it('lets a new connection take over from one gone silent (a half-open socket)', async () => {
    const host = await viewer(server);
    const stream = await startStream(host.client);
    const stale = openIngest(url, stream.id, host.client.cookie);
    await opened(stale);
    const staleClosed = closed(stale);
    // A browser sends a chunk every second; 3 s of silence reads as a dead connection.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    const fresh = openIngest(url, stream.id, host.client.cookie);
    await opened(fresh);
    expect(await staleClosed).toEqual({ code: 4408, reason: 'ingest_replaced' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fresh.readyState).toBe(fresh.OPEN);
    await host.client.delete(`/api/streams/${stream.id}`);
  });

  it('garbage bytes end the session cleanly; the server carries on', async () => {
    const host = await viewer(server);
    const stream = await startStream(host.client);
    const ingest = openIngest(url, stream.id, host.client.cookie);
    await opened(ingest);
    const whyClosed = closed(ingest);
    // Garbage keeps coming until the server gives up on it: ffmpeg may read for a while before
    // it refuses the input, and a connection gone quiet meanwhile would end by the silence rule
    // (stream_ended after the grace) instead, which is not what this test is about.
    const feed = setInterval(() => {
      if (ingest.readyState === ingest.OPEN) ingest.send(randomBytes(64 * 1024));
    }, 250);
    ingest.send(randomBytes(64 * 1024));
    try {
      expect(await whyClosed).toEqual({ code: 4400, reason: 'invalid_media' });
    } finally {
      clearInterval(feed);
    }
    await eventually(async () => (await streamOf(host, stream.id)).status === 'ended', 5_000);
    expect((await host.client.get('/api/echo')).statusCode).toBe(200);
    // The creator can go live again at once.
    await startStream(host.client);
  });
});

describe('demo live', () => {
  it('puts the demo creator live with a generated pattern, which outlasts the grace', async () => {
    expect(await startDemoLive(server.ctx)).toBeUndefined();
    const demo = await signedUpUser(server, { email: demoEmail(DEMO_LIVE_CREATOR) });
    const fan = await viewer(server);
    const streamId = (await startDemoLive(server.ctx))!;
    const live = await eventually(async () => {
      const seen = await streamOf(fan, streamId);
      return seen.status === 'live' && seen;
    }, 20_000);
    expect(live.user_id).toBe(demo.user.id);
    const playlist = await fan.client.get(live.playback_url!);
    expect(playlist.body).toContain('/media/live/');
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    expect((await streamOf(fan, streamId)).status).toBe('live');
    await demo.client.delete(`/api/streams/${streamId}`);
    expect((await streamOf(fan, streamId)).status).toBe('ended');
  }, 45_000);
});
