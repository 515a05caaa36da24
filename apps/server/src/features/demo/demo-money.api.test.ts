import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStory } from '../../test/access-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import {
  accounts,
  balanceCents,
  creator,
  ledgerCounts,
  ledgerViolations,
  viewer,
} from '../money/test/index.ts';
import { seedDemoMoney } from './demo-money.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('demo money', () => {
  it('funds viewers and records unlocks, tips and subscriptions once', async () => {
    const sellers = [
      await creator(server, { subscribePriceCents: 499 }),
      await creator(server, { subscribePriceCents: 999 }),
    ];
    for (const seller of sellers) await seedStory(server, seller.id, { priceCents: 299 });
    const viewers = [await viewer(server), await viewer(server), await viewer(server)];
    const demoCreators = sellers.map((s) => ({ id: s.id, verified: true }));
    const viewerIds = viewers.map((v) => v.id);

    await seedDemoMoney(server.ctx, demoCreators, viewerIds);
    const first = await ledgerCounts(server.ctx.db);
    await seedDemoMoney(server.ctx, demoCreators, viewerIds);
    expect(await ledgerCounts(server.ctx.db)).toEqual(first);

    for (const seller of sellers)
      expect(await balanceCents(server.ctx, accounts.earningsPending(seller.id))).toBeGreaterThan(
        0,
      );
    const home = await viewers[0]!.client.get('/api/home/stories/subscribed');
    expect(home.json<unknown[]>().length).toBeGreaterThan(0);
    expect(await ledgerViolations(server.ctx.db)).toEqual([]);
  });
});
