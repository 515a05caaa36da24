import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { subscriptionTotalCents, type Story, type Subscriber } from '@glimpse/contract';
import { paymentCheckouts, subscriptions } from '../../../db/schema/index.ts';
import { seedStory } from '../../../test/access-fixtures.ts';
import type { AppContext } from '../../../platform/context.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { checkAccess } from '../../access/index.ts';
import { accounts } from '../ledger/ledger-accounts.ts';
import { balanceCents } from '../ledger/ledger.service.ts';
import { fundWallet, ledgerCounts, ledgerViolations } from '../ledger/test/ledger-fixtures.ts';
import { sweepSubscriptions } from './subscription-renewal.ts';
import { creator, pay, viewer } from './test/purchase-fixtures.ts';

/** Whether the viewer may send `creatorId` a direct message now (`dm.send`). */
async function mayDirectMessage(ctx: AppContext, viewerId: number, creatorId: number) {
  return (await checkAccess(ctx, viewerId, 'dm.send', [creatorId])).has(creatorId);
}

/** The pending checkout a `{ redirectUrl }` answer sends the person to (the sandbox page). */
async function checkoutBehind(redirectUrl: string) {
  const publicId = redirectUrl.split('/').pop()!;
  const [row] = await server.ctx.db
    .select({
      userId: paymentCheckouts.userId,
      amountCents: paymentCheckouts.amountCents,
      returnTo: paymentCheckouts.returnTo,
      status: paymentCheckouts.status,
    })
    .from(paymentCheckouts)
    .where(eq(paymentCheckouts.publicId, publicId));
  if (!row) throw new Error(`no checkout behind ${redirectUrl}`);
  return row;
}
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const BUNDLES = [
  { period: 3 as const, discount: 10, isEnabled: true },
  { period: 6 as const, discount: 15, isEnabled: false },
];

/** Moves the pair's paid time into the past, as if it had run out. */
async function runOut(subscriberId: number, creatorId: number) {
  await server.ctx.db
    .update(subscriptions)
    .set({
      startsAt: sql`now() - interval '40 days'`,
      expiresAt: sql`now() - interval '1 second'`,
    })
    .where(
      and(eq(subscriptions.subscriberId, subscriberId), eq(subscriptions.creatorId, creatorId)),
    );
}

const available = async (c: Awaited<ReturnType<typeof viewer>>, storyId: number) =>
  (await c.client.get(`/api/stories/${storyId}`)).json<Story>().isAvailable;

describe('subscriptions', () => {
  it("a subscriber sees the creator's priced stories; a 3-month bundle costs exactly price x 3 less the discount", async () => {
    const seller = await creator(server, { subscribePriceCents: 999, bundles: BUNDLES });
    const story = await seedStory(server, seller.id, { priceCents: 500 });
    const fan = await viewer(server);
    await fundWallet(server, fan.id, 5_000);
    expect(await available(fan, story.id)).toBe(false);

    const answer = await pay(fan.client, 'POST', `/api/users/${seller.id}/subscribe`, {
      period: 3,
    });
    expect([answer.statusCode, answer.json()]).toEqual([200, { success: true }]);
    expect(subscriptionTotalCents(999, 3, 10)).toBe(2_697);
    expect(await balanceCents(server.ctx, accounts.wallet(fan.id))).toBe(5_000 - 2_697);
    expect(await available(fan, story.id)).toBe(true);

    const state = (await fan.client.get(`/api/users/${seller.id}/subscription`)).json();
    expect(state).toMatchObject({ subscribed: true, renews: true, period: 3 });
    const months = (Date.parse(state.expires_at) - Date.now()) / 86_400_000;
    expect(months).toBeGreaterThan(88);
    expect(months).toBeLessThan(93);

    const list = (await seller.client.get('/api/users/me/subscribers')).json<Subscriber[]>();
    expect(list.map((s) => s.id)).toEqual([fan.id]);
    // A subscriber may message a creator who charges for messages.
    expect(await mayDirectMessage(server.ctx, fan.id, seller.id)).toBe(true);

    // Buying again extends from the end of the paid time.
    await pay(fan.client, 'POST', `/api/users/${seller.id}/subscribe`, { period: 1 });
    const extended = (await fan.client.get(`/api/users/${seller.id}/subscription`)).json();
    expect(Date.parse(extended.expires_at)).toBeGreaterThan(
      Date.parse(state.expires_at) + 27 * 86_400_000,
    );
    expect(await ledgerViolations(server.ctx.db)).toEqual([]);
  });

  it('refuses what the creator does not offer and paying oneself, writing nothing', async () => {
    const seller = await creator(server, { subscribePriceCents: 500, bundles: BUNDLES });
    const noPrice = await creator(server);
    const unverified = await creator(server, { verified: false, subscribePriceCents: 500 });
    const fan = await viewer(server);
    await fundWallet(server, fan.id, 10_000);
    const before = await ledgerCounts(server.ctx.db);
    const subscribe = (c: typeof fan, id: number, period: number) =>
      pay(c.client, 'POST', `/api/users/${id}/subscribe`, { period });

    for (const [id, period] of [
      [seller.id, 6],
      [seller.id, 12],
      [noPrice.id, 1],
      [unverified.id, 1],
    ] as const) {
      const refused = await subscribe(fan, id, period);
      expect([refused.statusCode, refused.json().err_key], `${id}/${period}`).toEqual([
        400,
        'subscription_not_offered',
      ]);
    }
    const self = await subscribe(seller, seller.id, 1);
    expect([self.statusCode, self.json().err_key]).toEqual([400, 'cannot_pay_self']);
    const nobody = await subscribe(fan, 2_000_000, 1);
    expect([nobody.statusCode, nobody.json().err_key]).toEqual([404, 'user_not_found']);
    expect(await ledgerCounts(server.ctx.db)).toEqual(before);
  });

  it('answers a top-up of the difference when the wallet cannot cover it, and pays on the repeat', async () => {
    const seller = await creator(server, { subscribePriceCents: 1_200 });
    const fan = await viewer(server);
    await fundWallet(server, fan.id, 100);
    const before = await ledgerCounts(server.ctx.db);
    const key = randomUUID();
    const short = await pay(
      fan.client,
      'POST',
      `/api/users/${seller.id}/subscribe`,
      { period: 1 },
      key,
    );
    expect(short.statusCode).toBe(200);
    expect(await checkoutBehind(short.json().redirectUrl)).toEqual({
      userId: fan.id,
      amountCents: 1_100,
      returnTo: `/u/${seller.slug}?subscribe=1`,
      status: 'pending',
    });
    expect(await ledgerCounts(server.ctx.db)).toEqual(before);

    await fundWallet(server, fan.id, 1_100);
    const paid = await pay(
      fan.client,
      'POST',
      `/api/users/${seller.id}/subscribe`,
      { period: 1 },
      key,
    );
    expect(paid.json()).toEqual({ success: true });
    expect(await balanceCents(server.ctx, accounts.wallet(fan.id))).toBe(0);
  });

  it('cancel keeps access until the end, then the story locks and the subscriber is told', async () => {
    const seller = await creator(server, { subscribePriceCents: 300 });
    const story = await seedStory(server, seller.id, { priceCents: 100 });
    const fan = await viewer(server);
    await fundWallet(server, fan.id, 1_000);
    await pay(fan.client, 'POST', `/api/users/${seller.id}/subscribe`, { period: 1 });

    const cancelled = await fan.client.delete(`/api/users/${seller.id}/subscribe`);
    expect(cancelled.json()).toMatchObject({ subscribed: true, renews: false });
    expect(await available(fan, story.id)).toBe(true);

    await runOut(fan.id, seller.id);
    expect(await available(fan, story.id)).toBe(false);
    const events = vi.spyOn(server.ctx.realtime, 'toUser');
    await sweepSubscriptions(server.ctx);
    await vi.waitFor(() =>
      expect(events).toHaveBeenCalledWith(fan.id, 'subscription.ended', {
        creator_id: seller.id,
        reason: 'cancelled',
      }),
    );
    events.mockRestore();
    expect(await balanceCents(server.ctx, accounts.wallet(fan.id))).toBe(700);
    expect((await fan.client.get(`/api/users/${seller.id}/subscription`)).json()).toEqual({
      subscribed: false,
      expires_at: null,
      renews: false,
      period: null,
    });
  });

  it('renews from the wallet once when the period runs out', async () => {
    const seller = await creator(server, { subscribePriceCents: 300, bundles: BUNDLES });
    const story = await seedStory(server, seller.id, { priceCents: 100 });
    const fan = await viewer(server);
    await fundWallet(server, fan.id, 2_697 * 2);
    await pay(fan.client, 'POST', `/api/users/${seller.id}/subscribe`, { period: 3 });
    await runOut(fan.id, seller.id);
    // The creator's price changed meanwhile: the renewal pays the current one.
    await server.ctx.db.execute(
      sql`update users set subscribe_price_cents = 999 where id = ${seller.id}`,
    );

    const [first, second] = await Promise.all([
      sweepSubscriptions(server.ctx),
      sweepSubscriptions(server.ctx),
    ]);
    const outcomes = [...first!.values(), ...second!.values()];
    expect(outcomes.filter((o) => o === 'renewed')).toHaveLength(1);
    await sweepSubscriptions(server.ctx);
    expect(await balanceCents(server.ctx, accounts.wallet(fan.id))).toBe(2_697 * 2 - 810 - 2_697);
    expect(await available(fan, story.id)).toBe(true);
    expect((await fan.client.get(`/api/users/${seller.id}/subscription`)).json()).toMatchObject({
      subscribed: true,
      renews: true,
      period: 3,
    });
    expect(await ledgerViolations(server.ctx.db)).toEqual([]);
  });

  it('ends with notice when the wallet cannot pay the renewal, charging nothing', async () => {
    const seller = await creator(server, { subscribePriceCents: 500 });
    const story = await seedStory(server, seller.id, { priceCents: 100 });
    const fan = await viewer(server);
    await fundWallet(server, fan.id, 700);
    await pay(fan.client, 'POST', `/api/users/${seller.id}/subscribe`, { period: 1 });
    await runOut(fan.id, seller.id);
    const before = await ledgerCounts(server.ctx.db);

    const events = vi.spyOn(server.ctx.realtime, 'toUser');
    const outcomes = await sweepSubscriptions(server.ctx);
    expect([...outcomes.values()]).toContain('renewal_failed');
    await vi.waitFor(() =>
      expect(events).toHaveBeenCalledWith(fan.id, 'subscription.ended', {
        creator_id: seller.id,
        reason: 'renewal_failed',
      }),
    );
    events.mockRestore();
    expect(await ledgerCounts(server.ctx.db)).toEqual(before);
    expect(await balanceCents(server.ctx, accounts.wallet(fan.id))).toBe(200);
    expect(await available(fan, story.id)).toBe(false);
    // Settled: the next sweep does not try again.
    expect((await sweepSubscriptions(server.ctx)).size).toBe(0);
  });
});

describe('POST /api/users/{id}/buy-direct-message', () => {
  it('sells the right to message once, and the dm.send permission reads it', async () => {
    const seller = await creator(server, { directMessagePriceCents: 299 });
    const free = await creator(server);
    const buyer = await viewer(server);
    await fundWallet(server, buyer.id, 1_000);
    expect(await mayDirectMessage(server.ctx, buyer.id, free.id)).toBe(true);
    expect(await mayDirectMessage(server.ctx, buyer.id, seller.id)).toBe(false);

    const before = await ledgerCounts(server.ctx.db);
    const notOffered = await pay(buyer.client, 'POST', `/api/users/${free.id}/buy-direct-message`);
    expect([notOffered.statusCode, notOffered.json().err_key]).toEqual([
      400,
      'direct_message_not_offered',
    ]);
    const self = await pay(seller.client, 'POST', `/api/users/${seller.id}/buy-direct-message`);
    expect(self.json().err_key).toBe('cannot_pay_self');
    expect(await ledgerCounts(server.ctx.db)).toEqual(before);

    const bought = await pay(buyer.client, 'POST', `/api/users/${seller.id}/buy-direct-message`);
    expect(bought.json()).toEqual({ success: true });
    expect(await mayDirectMessage(server.ctx, buyer.id, seller.id)).toBe(true);
    const twice = await pay(buyer.client, 'POST', `/api/users/${seller.id}/buy-direct-message`);
    expect(twice.json()).toEqual({ success: true });
    expect(await balanceCents(server.ctx, accounts.wallet(buyer.id))).toBe(701);

    const poor = await viewer(server);
    const redirect = await pay(poor.client, 'POST', `/api/users/${seller.id}/buy-direct-message`);
    expect((await checkoutBehind(redirect.json().redirectUrl)).returnTo).toContain(
      `/u/${seller.slug}`,
    );
  });
});
