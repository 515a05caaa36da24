import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_AUDIENCES, type HomeItem, type HomeSection } from '@glimpse/contract';
import { userBlocks } from '../../db/schema/index.ts';
import { seedFollow, seedSubscription } from '../../test/access-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { viewer } from '../money/test/index.ts';
import { fakeLive, startStream } from '../live/test/live-fixtures.ts';
import {
  liveStreamListed,
  referenceSection,
  type ReferenceRelation,
} from './test/home-reference.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const RELATIONS: ReferenceRelation[] = [
  { follows: false, subscribed: false },
  { follows: true, subscribed: false },
  { follows: false, subscribed: true },
  { follows: true, subscribed: true },
];
const SECTIONS: HomeSection[] = ['subscribed', 'following', 'discover'];

describe('home streams against the reference rule', () => {
  it('lists exactly the live creators whose audience takes the viewer in, per section', async () => {
    const watcher = await viewer(server);
    const expected: Record<HomeSection, number[]> = { subscribed: [], following: [], discover: [] };
    const cases = STREAM_AUDIENCES.flatMap((audience) =>
      RELATIONS.map((relation) => ({ audience, relation })),
    );
    for (const { audience, relation } of cases) {
      for (const status of ['live', 'starting'] as const) {
        const host = await viewer(server);
        if (relation.follows) await seedFollow(server, watcher.id, host.id);
        if (relation.subscribed) await seedSubscription(server, watcher.id, host.id);
        const stream = await startStream(host.client, { title: audience, audience });
        if (status === 'live') await fakeLive(server, stream.id);
        if (liveStreamListed({ status, audience }, relation))
          expected[referenceSection(relation)].push(host.id);
      }
    }
    // A live creator who blocked the viewer is on no list (the home block rule).
    const blocker = await viewer(server);
    await fakeLive(server, (await startStream(blocker.client)).id);
    await server.ctx.db.insert(userBlocks).values({ blockerId: blocker.id, blockedId: watcher.id });

    for (const section of SECTIONS) {
      const items = (await watcher.client.get(`/api/home/streams/${section}?limit=60`)).json<
        HomeItem[]
      >();
      expect(items.every((item) => item.stream !== null)).toBe(true);
      expect(items.map((item) => item.id).sort((a, b) => a - b)).toEqual(
        expected[section].sort((a, b) => a - b),
      );
    }
  }, 60_000);
});
