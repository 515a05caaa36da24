import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stream, StreamKey } from '@glimpse/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { viewer } from '../money/test/index.ts';
import { redactStreamKeys } from './rtmp-ingest.ts';
import { eventually, freePort, publishRtmp, startStream } from './test/live-fixtures.ts';

let server: TestServer;
let port: number;
beforeAll(async () => {
  port = await freePort();
  server = await startTestServer({ rtmpPort: port, streamReconnectGraceSeconds: 3 });
});
afterAll(async () => {
  await server?.stop();
});

type Person = Awaited<ReturnType<typeof viewer>>;
const statusOf = async (person: Person, id: number) =>
  (await person.client.get(`/api/streams/${id}`)).json<Stream>().status;

describe('RTMP ingest (OBS)', () => {
  it('publishes with the stream key to the same HLS path, and ends with the stream', async () => {
    const [host, fan] = [await viewer(server), await viewer(server)];
    const settings = (await host.client.get('/api/streams/key')).json<StreamKey>();
    expect(settings).toMatchObject({
      rtmp_enabled: true,
      rtmp_url: `rtmp://127.0.0.1:${port}/live`,
    });
    const stream = await startStream(host.client, { title: 'OBS', ingest: 'rtmp' });
    expect(stream.ingest).toEqual({
      kind: 'rtmp',
      browser_url: expect.stringContaining(`/api/streams/${stream.id}/ingest`),
      rtmp_url: settings.rtmp_url,
      stream_key: settings.stream_key,
    });

    const obs = publishRtmp(settings.rtmp_url!, settings.stream_key, 12);
    await eventually(async () => (await statusOf(fan, stream.id)) === 'live', 20_000, 'live');
    const seen = (await fan.client.get(`/api/streams/${stream.id}`)).json<Stream>();
    const playlist = await fan.client.get(seen.playback_url!);
    const segment = playlist.body.split('\n').find((line) => line.startsWith('/media/live/'));
    expect((await fan.client.get(segment!)).statusCode).toBe(200);

    // A second publisher with the same key while the first is on: refused.
    const second = publishRtmp(settings.rtmp_url!, settings.stream_key, 3);
    expect(await second.done).not.toBe(0);
    // Longer than the grace (3 s): the data it sends keeps the sweeper off it.
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    expect(await statusOf(fan, stream.id)).toBe('live');

    await host.client.delete(`/api/streams/${stream.id}`);
    // Ending the stream drops the publisher.
    expect(
      await Promise.race([obs.done, new Promise((r) => setTimeout(() => r('still on'), 5_000))]),
    ).not.toBe('still on');
  }, 45_000);

  it('refuses wrong and rotated keys, and keys without an open stream', async () => {
    const host = await viewer(server);
    const { rtmp_url: url, stream_key: oldKey } = (
      await host.client.get('/api/streams/key')
    ).json<StreamKey>();
    // No open stream yet: nothing to publish to.
    expect(await publishRtmp(url!, oldKey, 2).done).not.toBe(0);

    const stream = await startStream(host.client, { title: 'Keys', ingest: 'rtmp' });
    const rotated = (await host.client.post('/api/streams/key/rotate')).json<StreamKey>();
    expect(rotated.stream_key).not.toBe(oldKey);
    const forged = `${host.id}-${'A'.repeat(32)}`;
    for (const key of [oldKey, forged, 'not-a-key']) {
      expect(await publishRtmp(url!, key, 2).done).not.toBe(0);
    }
    expect(await statusOf(host, stream.id)).toBe('starting');
    await host.client.delete(`/api/streams/${stream.id}`);
  }, 45_000);
});

describe('RTMP log lines', () => {
  it('never carry a stream key', () => {
    expect(redactStreamKeys('push /live/12-AbC_d-9 error, streamPath=/live/12-AbC_d-9 busy')).toBe(
      'push /live/[key] error, streamPath=/live/[key] busy',
    );
  });
});

describe('RTMP ingest on one interface (RTMP_HOST)', () => {
  it('plays back from the address it listens on, not only from 127.0.0.1', async () => {
    // 127.0.0.2 is this machine but not 127.0.0.1: a node whose ffmpeg read from 127.0.0.1
    // would find nothing listening there.
    const onePort = await freePort();
    const node = await startTestServer({ rtmpPort: onePort, rtmpHost: '127.0.0.2' });
    try {
      const [host, fan] = [await viewer(node), await viewer(node)];
      const settings = (await host.client.get('/api/streams/key')).json<StreamKey>();
      const stream = await startStream(host.client, { title: 'One interface', ingest: 'rtmp' });
      const obs = publishRtmp(`rtmp://127.0.0.2:${onePort}/live`, settings.stream_key, 10);
      const statusOnNode = async () =>
        (await fan.client.get(`/api/streams/${stream.id}`)).json<Stream>().status;
      await eventually(async () => (await statusOnNode()) === 'live', 20_000, 'live');
      await host.client.delete(`/api/streams/${stream.id}`);
      await obs.done;
    } finally {
      await node.stop();
    }
  }, 45_000);
});
