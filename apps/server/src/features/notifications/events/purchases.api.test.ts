import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, subscriptions } from '../../../db/schema/index.ts';
import { seedStory } from '../../../test/access-fixtures.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import {
  creator,
  fundWallet,
  noticeEndingSubscriptions,
  pay,
  sweepSubscriptions,
  viewer,
} from '../../money/test/index.ts';
import { linesOf, mute, turnOff } from './test/event-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

type Person = Awaited<ReturnType<typeof viewer>>;
const subscribe = (fan: Person, creatorId: number) =>
  pay(fan.client, 'POST', `/api/users/${creatorId}/subscribe`, { period: 1 });

/** Moves the pair's periods so the last one ends `at` (an SQL interval from now). */
async function endsIn(subscriberId: number, creatorId: number, at: string) {
  await server.ctx.db
    .update(subscriptions)
    .set({
      startsAt: sql`now() - interval '20 days'`,
      expiresAt: sql`now() + ${at}::interval`,
    })
    .where(
      and(eq(subscriptions.subscriberId, subscriberId), eq(subscriptions.creatorId, creatorId)),
    );
}

describe('story_purchased', () => {
  it("tells the creator of each sale, grouped per story; never the buyer; a buyer's second try adds nothing", async () => {
    const seller = await creator(server);
    const story = await seedStory(server, seller.id, { priceCents: 300 });
    const [anna, ben] = [await viewer(server), await viewer(server)];
    for (const buyer of [anna, ben]) {
      await fundWallet(server, buyer.id, 1_000);
      const unlock = await pay(buyer.client, 'POST', `/api/stories/${story.id}/unlock`);
      expect(unlock.json()).toEqual({ status: true });
    }
    await pay(anna.client, 'POST', `/api/stories/${story.id}/unlock`);

    expect(await linesOf(server, seller.id)).toEqual([
      expect.objectContaining({
        type: 'story_purchased',
        actorId: ben.id,
        actorCount: 2,
        // A sale opens the wallet, where its earning shows.
        subject: { kind: 'wallet', id: story.id },
        data: { amount: 3, story_id: story.id },
      }),
    ]);
    expect(await linesOf(server, anna.id)).toEqual([]);
    expect(await linesOf(server, ben.id)).toEqual([]);
  });
});

describe('subscriber_new', () => {
  it('groups new subscribers into one unread line ("Anna and 2 others"); buying ahead is no new subscriber', async () => {
    const seller = await creator(server, { subscribePriceCents: 200 });
    const fans = [await viewer(server), await viewer(server), await viewer(server)];
    for (const fan of fans) {
      await fundWallet(server, fan.id, 1_000);
      expect((await subscribe(fan, seller.id)).json()).toEqual({ success: true });
    }
    // The first fan buys another month ahead (a minute later than the duplicate window).
    await endsIn(fans[0]!.id, seller.id, '10 days');
    expect((await subscribe(fans[0]!, seller.id)).json()).toEqual({ success: true });

    const lines = await linesOf(server, seller.id);
    expect(lines).toEqual([
      expect.objectContaining({
        type: 'subscriber_new',
        actorId: fans[2]!.id,
        actorCount: 3,
        groupKey: 'subscriber_new',
      }),
    ]);
    for (const fan of fans) expect(await linesOf(server, fan.id)).toEqual([]);

    // Once read, the next subscriber starts a new line.
    await server.ctx.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(eq(notifications.userId, seller.id));
    const late = await viewer(server);
    await fundWallet(server, late.id, 1_000);
    await subscribe(late, seller.id);
    const after = await linesOf(server, seller.id);
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({ actorId: late.id, actorCount: 1, readAt: null });
  });

  it('a creator who turned it off gets no line', async () => {
    const seller = await creator(server, { subscribePriceCents: 200 });
    await turnOff(server, seller.id, 'subscriber_new');
    const fan = await viewer(server);
    await fundWallet(server, fan.id, 1_000);
    expect((await subscribe(fan, seller.id)).json()).toEqual({ success: true });
    expect(await linesOf(server, seller.id)).toEqual([]);
  });
});

describe('renewal_failed', () => {
  it('tells the subscriber once when the wallet cannot pay the renewal; not the creator', async () => {
    const seller = await creator(server, { subscribePriceCents: 500 });
    const fan = await viewer(server);
    await fundWallet(server, fan.id, 700);
    await subscribe(fan, seller.id);
    await endsIn(fan.id, seller.id, '-1 second');

    expect([...(await sweepSubscriptions(server.ctx)).values()]).toContain('renewal_failed');
    await sweepSubscriptions(server.ctx);
    expect(await linesOf(server, fan.id)).toEqual([
      expect.objectContaining({
        type: 'renewal_failed',
        actorId: seller.id,
        subject: expect.objectContaining({ kind: 'wallet' }),
        data: { creator_id: seller.id },
        emailDue: 'immediate',
      }),
    ]);
    expect(await linesOf(server, seller.id, 'renewal_failed')).toEqual([]);
  });
});

describe('subscription_ending', () => {
  it('tells a subscriber who cancelled some days before the end, once per period; not one who renews or bought ahead', async () => {
    const seller = await creator(server, { subscribePriceCents: 100 });
    const [leaving, staying, ahead, later, muting] = [
      await viewer(server),
      await viewer(server),
      await viewer(server),
      await viewer(server),
      await viewer(server),
    ];
    for (const fan of [leaving, staying, ahead, later, muting]) {
      await fundWallet(server, fan.id, 1_000);
      await subscribe(fan, seller.id);
    }
    await mute(server, muting.id, seller.id);
    for (const fan of [leaving, ahead, later, muting]) {
      expect((await fan.client.delete(`/api/users/${seller.id}/subscribe`)).statusCode).toBe(200);
    }
    for (const fan of [leaving, staying, muting]) await endsIn(fan.id, seller.id, '2 days');
    await endsIn(later.id, seller.id, '10 days');
    // `ahead` has a later period after the one that ends.
    await endsIn(ahead.id, seller.id, '2 days');
    await server.ctx.db.insert(subscriptions).values({
      subscriberId: ahead.id,
      creatorId: seller.id,
      startsAt: sql`now() + interval '2 days'`,
      expiresAt: sql`now() + interval '32 days'`,
    });

    await noticeEndingSubscriptions(server.ctx);
    await noticeEndingSubscriptions(server.ctx);

    expect(await linesOf(server, leaving.id)).toEqual([
      expect.objectContaining({
        type: 'subscription_ending',
        actorId: seller.id,
        subject: { kind: 'user', id: seller.id },
        data: { expires_at: expect.any(String) },
      }),
    ]);
    for (const fan of [staying, ahead, later, muting])
      expect(await linesOf(server, fan.id)).toEqual([]);
    expect(await linesOf(server, seller.id, 'subscription_ending')).toEqual([]);
  });
});
