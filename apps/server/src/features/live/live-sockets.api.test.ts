import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stream, StreamWatchAck } from '@glimpse/contract';
import { seedFollow } from '../../test/access-fixtures.ts';
import { startTestServer, TEST_ORIGIN, type TestServer } from '../../test/harness.ts';
import {
  collect,
  connected,
  openSocket,
  waitForCount,
} from '../../platform/realtime/test/socket-test-client.ts';
import { viewer } from '../money/test/index.ts';
import { VIEWERS_TICK_MS } from './stream-viewers.ts';
import { fakeLive, startStream } from './test/live-fixtures.ts';

let server: TestServer;
let url: string;
beforeAll(async () => {
  server = await startTestServer();
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server?.stop();
});

type Person = Awaited<ReturnType<typeof viewer>>;

async function socketOf(person: Person) {
  const socket = openSocket(url, {
    cookie: `glimpse_session=${person.client.cookie}`,
    origin: TEST_ORIGIN,
  });
  await connected(socket);
  return socket;
}

describe('stream.watch and stream.viewers', () => {
  it('counts distinct watchers who may watch, and tells the room when it changes', async () => {
    const host = await viewer(server);
    const [fan, otherFan, stranger] = [
      await viewer(server),
      await viewer(server),
      await viewer(server),
    ];
    await seedFollow(server, fan.id, host.id);
    await seedFollow(server, otherFan.id, host.id);
    const stream = await startStream(host.client, { title: 'Count', audience: 'followers' });
    await fakeLive(server, stream.id);
    const watch = (socket: Awaited<ReturnType<typeof socketOf>>, id = stream.id) =>
      socket.emitWithAck('stream.watch', { stream_id: id }) as Promise<StreamWatchAck>;

    const [hostSocket, fanSocket, fanSecondTab, otherSocket, strangerSocket] = await Promise.all([
      socketOf(host),
      socketOf(fan),
      socketOf(fan),
      socketOf(otherFan),
      socketOf(stranger),
    ]);
    const counts = collect(fanSocket, 'stream.viewers');
    expect(await watch(hostSocket)).toEqual({ ok: true, viewers: 0 });
    expect(await watch(fanSocket)).toEqual({ ok: true, viewers: 1 });
    expect(await watch(fanSecondTab)).toEqual({ ok: true, viewers: 1 });
    expect(await watch(otherSocket)).toEqual({ ok: true, viewers: 2 });
    expect(await watch(strangerSocket)).toEqual({ ok: false, err_key: 'stream_not_found' });
    expect(await watch(strangerSocket, 2_000_000_000)).toEqual({
      ok: false,
      err_key: 'stream_not_found',
    });

    await waitForCount(counts, 1, VIEWERS_TICK_MS * 2);
    expect(counts[0]).toEqual({ stream_id: stream.id, viewers: 2 });
    const read = (await fan.client.get(`/api/streams/${stream.id}`)).json<Stream>();
    expect(read.viewer_count).toBe(2);

    otherSocket.emit('stream.leave', { stream_id: stream.id });
    await waitForCount(counts, 2, VIEWERS_TICK_MS * 2);
    expect(counts[1]).toEqual({ stream_id: stream.id, viewers: 1 });
    for (const socket of [hostSocket, fanSocket, fanSecondTab, otherSocket, strangerSocket])
      socket.disconnect();
  }, 30_000);
});
