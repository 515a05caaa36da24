import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story, StoryStatistics } from '@glimpse/contract';
import { seedStory, seedSubscription } from '../../../test/access-fixtures.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { accounts } from '../ledger/ledger-accounts.ts';
import { balanceCents } from '../ledger/ledger.service.ts';
import { fundWallet, ledgerCounts, ledgerViolations } from '../ledger/test/ledger-fixtures.ts';
import { creator, pay, viewer } from './test/purchase-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ platformFeePercent: 20 });
});
afterAll(async () => {
  await server?.stop();
});

const unlockUrl = (id: number) => `/api/stories/${id}/unlock`;

describe('POST /api/stories/{id}/unlock', () => {
  it('opens the story to the buyer only, charging the price split between creator and platform', async () => {
    const seller = await creator(server);
    const story = await seedStory(server, seller.id, { priceCents: 299 });
    const buyer = await viewer(server);
    const other = await viewer(server);
    await fundWallet(server, buyer.id, 1_000);
    const pendingBefore = await balanceCents(server.ctx, accounts.earningsPending(seller.id));

    const locked = (await buyer.client.get(`/api/stories/${story.id}`)).json<Story>();
    expect(locked).toMatchObject({ isAvailable: false, overlay_src: null });

    const key = randomUUID();
    const answer = await pay(buyer.client, 'POST', unlockUrl(story.id), undefined, key);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: true });

    const opened = (await buyer.client.get(`/api/stories/${story.id}`)).json<Story>();
    expect(opened.isAvailable).toBe(true);
    expect(opened.overlay_src).toMatch(/^\/media\//);
    expect((await buyer.client.get(opened.overlay_src!)).statusCode).toBe(200);
    const stranger = (await other.client.get(`/api/stories/${story.id}`)).json<Story>();
    expect(stranger).toMatchObject({ isAvailable: false, overlay_src: null });

    expect(await balanceCents(server.ctx, accounts.wallet(buyer.id))).toBe(701);
    expect(await balanceCents(server.ctx, accounts.earningsPending(seller.id))).toBe(
      pendingBefore + 239,
    );

    // A retry with the key replays; another key for a story already bought charges nothing.
    const replay = await pay(buyer.client, 'POST', unlockUrl(story.id), undefined, key);
    expect(replay.json()).toEqual({ status: true });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await pay(buyer.client, 'POST', unlockUrl(story.id))).json()).toEqual({
      status: true,
    });
    expect(await balanceCents(server.ctx, accounts.wallet(buyer.id))).toBe(701);

    const stats = (
      await seller.client.get(`/api/stories/${story.id}/statistics`)
    ).json<StoryStatistics>();
    expect(stats.purchased).toEqual([{ username: 'test user', price: 2.99 }]);
    expect(stats.purchased_total).toBe(2.99);
    expect(await ledgerViolations(server.ctx.db)).toEqual([]);
  });

  it('answers status false without writing anything when the wallet is short, and the same key pays after a top-up', async () => {
    const seller = await creator(server);
    const story = await seedStory(server, seller.id, { priceCents: 500 });
    const buyer = await viewer(server);
    await fundWallet(server, buyer.id, 499);
    const before = await ledgerCounts(server.ctx.db);
    const key = randomUUID();

    const short = await pay(buyer.client, 'POST', unlockUrl(story.id), undefined, key);
    expect(short.statusCode).toBe(200);
    expect(short.json()).toEqual({ status: false, err_key: 'insufficient_funds' });
    expect(await ledgerCounts(server.ctx.db)).toEqual(before);
    expect((await buyer.client.get(`/api/stories/${story.id}`)).json<Story>().isAvailable).toBe(
      false,
    );

    await fundWallet(server, buyer.id, 1);
    const paid = await pay(buyer.client, 'POST', unlockUrl(story.id), undefined, key);
    expect(paid.json()).toEqual({ status: true });
    expect(await balanceCents(server.ctx, accounts.wallet(buyer.id))).toBe(0);
  });

  it('refuses what is not for sale and hides what the viewer may not see', async () => {
    const seller = await creator(server);
    const free = await seedStory(server, seller.id);
    const processing = await seedStory(server, seller.id, {
      status: 'processing',
      priceCents: 100,
    });
    const priced = await seedStory(server, seller.id, { priceCents: 100 });
    const buyer = await viewer(server);
    await fundWallet(server, buyer.id, 1_000);
    const before = await ledgerCounts(server.ctx.db);

    const freeAnswer = await pay(buyer.client, 'POST', unlockUrl(free.id));
    expect([freeAnswer.statusCode, freeAnswer.json().err_key]).toEqual([400, 'story_not_for_sale']);
    const own = await pay(seller.client, 'POST', unlockUrl(priced.id));
    expect([own.statusCode, own.json().err_key]).toEqual([400, 'story_not_for_sale']);
    const hidden = await pay(buyer.client, 'POST', unlockUrl(processing.id));
    expect([hidden.statusCode, hidden.json().err_key]).toEqual([404, 'story_not_found']);
    const missing = await pay(buyer.client, 'POST', unlockUrl(2_000_000));
    expect(missing.statusCode).toBe(404);
    const noKey = await buyer.client.post(unlockUrl(priced.id));
    expect([noKey.statusCode, noKey.json().err_key]).toEqual([400, 'idempotency_key_required']);
    expect(await ledgerCounts(server.ctx.db)).toEqual(before);
  });

  it('charges a subscriber nothing: the subscription already opens the story', async () => {
    const seller = await creator(server);
    const story = await seedStory(server, seller.id, { priceCents: 100 });
    const fan = await viewer(server);
    await seedSubscription(server, fan.id, seller.id);
    const before = await ledgerCounts(server.ctx.db);
    expect((await pay(fan.client, 'POST', unlockUrl(story.id))).json()).toEqual({ status: true });
    expect(await ledgerCounts(server.ctx.db)).toEqual(before);
  });
});
