import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story, Stream } from '@glimpse/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { viewer } from '../money/test/index.ts';
import {
  eventually,
  exited,
  openIngest,
  opened,
  pushTestPattern,
  startStream,
} from './test/live-fixtures.ts';

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

/** Streams a few seconds of the test pattern, then ends the stream; answers it as ended. */
async function streamAndEnd(host: Person, record: boolean): Promise<Stream> {
  const stream = await startStream(host.client, { title: `Replay ${record}`, record });
  const ingest = openIngest(url, stream.id, host.client.cookie);
  await opened(ingest);
  await exited(pushTestPattern(ingest, 4));
  await eventually(
    async () =>
      (await host.client.get(`/api/streams/${stream.id}`)).json<Stream>().status === 'live',
    10_000,
  );
  return (await host.client.delete(`/api/streams/${stream.id}`)).json<Stream>();
}

describe('recording', () => {
  it('keeps a recorded stream as a replay video story of its creator', async () => {
    const host = await viewer(server);
    const ended = await streamAndEnd(host, true);
    const replayId = await eventually(
      async () => {
        const seen = (await host.client.get(`/api/streams/${ended.id}`)).json<Stream>();
        return seen.replay_story_id ?? undefined;
      },
      20_000,
      'the replay story',
    );
    const story = await eventually(
      async () => {
        const response = await host.client.get(`/api/stories/${replayId}`);
        const body = response.json<Story & { is_processing?: boolean }>();
        return response.statusCode === 200 && body.is_processing === false && body;
      },
      30_000,
      'the replay to be processed',
    );
    expect(story).toMatchObject({ id: replayId, is_video: true });
  }, 60_000);

  it('keeps nothing of a stream that is not recorded', async () => {
    const host = await viewer(server);
    const ended = await streamAndEnd(host, false);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const seen = (await host.client.get(`/api/streams/${ended.id}`)).json<Stream>();
    expect(seen.replay_story_id).toBeNull();
  }, 30_000);
});
