import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Story } from '@glimpse/contract';
import { subscriptions } from '../../db/schema/index.ts';
import { seedStory } from '../../test/access-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import {
  accounts,
  balanceCents,
  creator,
  fundWallet,
  ledgerCounts,
  pay,
  sweepSubscriptions,
  viewer,
} from '../money/test/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

type Person = Awaited<ReturnType<typeof signedUpUser>>;

/** Every way to reach one person's profile and stories, by status code. */
async function reach(as: Person, owner: Person, storyId: number, mediaKey: string) {
  const c = as.client;
  return {
    companion: (await c.get(`/api/users/${owner.user.id}`)).statusCode,
    profile: (await c.get(`/api/users/slug/${owner.user.slug}`)).statusCode,
    group: (await c.get(`/api/users/${owner.user.id}/stories`)).statusCode,
    story: (await c.get(`/api/stories/${storyId}`)).statusCode,
    watch: (await c.post(`/api/stories/${storyId}/watch`)).statusCode,
    media: (await c.get(server.ctx.mediaSigner.url(mediaKey, as.user.id))).statusCode,
  };
}

const VISIBLE = { companion: 200, profile: 200, group: 200, story: 200, watch: 204, media: 200 };
const HIDDEN = { companion: 404, profile: 404, group: 404, story: 404, watch: 404, media: 404 };

describe('what a block hides', () => {
  it("hides the blocker's profile, companion, stories and story media from the blocked user only", async () => {
    const [blocker, blocked, bystander] = await Promise.all(
      [0, 1, 2].map(() => signedUpUser(server)),
    );
    const story = await seedStory(server, blocker!.user.id);
    const theirs = await seedStory(server, blocked!.user.id);
    expect(await reach(blocked!, blocker!, story.id, story.imageKey)).toEqual(VISIBLE);

    expect((await blocker!.client.post(`/api/users/${blocked!.user.id}/block`)).statusCode).toBe(
      200,
    );
    expect(await reach(blocked!, blocker!, story.id, story.imageKey)).toEqual(HIDDEN);
    const answer = await blocked!.client.get(`/api/users/${blocker!.user.id}`);
    expect(answer.json().err_key).toBe('user_not_found');
    expect((await blocked!.client.get(`/api/stories/${story.id}`)).json().err_key).toBe(
      'story_not_found',
    );
    // Others still see the blocker, and the blocker still sees the one they blocked.
    expect(await reach(bystander!, blocker!, story.id, story.imageKey)).toEqual(VISIBLE);
    expect(await reach(blocker!, blocked!, theirs.id, theirs.imageKey)).toEqual(VISIBLE);

    await blocker!.client.delete(`/api/users/${blocked!.user.id}/block`);
    expect(await reach(blocked!, blocker!, story.id, story.imageKey)).toEqual(VISIBLE);
  });

  it('refuses the blocked user purchases from the blocker as if the blocker did not exist', async () => {
    const seller = await creator(server, {
      subscribePriceCents: 300,
      directMessagePriceCents: 200,
    });
    const priced = await seedStory(server, seller.id, { priceCents: 100 });
    const fan = await viewer(server);
    await fundWallet(server, fan.id, 5_000);
    await seller.client.post(`/api/users/${fan.id}/block`);
    const before = await ledgerCounts(server.ctx.db);
    for (const url of [
      `/api/users/${seller.id}/subscribe`,
      `/api/users/${seller.id}/buy-direct-message`,
    ]) {
      const answer = await pay(fan.client, 'POST', url, { period: 1 });
      expect([answer.statusCode, answer.json().err_key]).toEqual([404, 'user_not_found']);
    }
    const unlock = await pay(fan.client, 'POST', `/api/stories/${priced.id}/unlock`);
    expect([unlock.statusCode, unlock.json().err_key]).toEqual([404, 'story_not_found']);
    expect(await ledgerCounts(server.ctx.db)).toEqual(before);
  });
});

describe('what a block refuses the blocker', () => {
  it('follows and subscriptions to the one they blocked, charging nothing, until they unblock', async () => {
    const seller = await creator(server, { subscribePriceCents: 300 });
    const fan = await viewer(server);
    await fundWallet(server, fan.id, 1_000);
    await fan.client.post(`/api/users/${seller.id}/block`);
    const before = await ledgerCounts(server.ctx.db);

    const follow = await fan.client.post(`/api/users/${seller.id}/follow`);
    expect([follow.statusCode, follow.json().err_key]).toEqual([409, 'user_blocked']);
    const subscribe = await pay(fan.client, 'POST', `/api/users/${seller.id}/subscribe`, {
      period: 1,
    });
    expect([subscribe.statusCode, subscribe.json().err_key]).toEqual([409, 'user_blocked']);
    expect(await ledgerCounts(server.ctx.db)).toEqual(before);
    // Unfollowing stays open (it changes nothing here), and the profile stays visible.
    expect((await fan.client.delete(`/api/users/${seller.id}/follow`)).statusCode).toBe(200);
    expect((await fan.client.get(`/api/users/slug/${seller.slug}`)).json()).toMatchObject({
      isBlocked: true,
      isFollowing: false,
    });

    await fan.client.delete(`/api/users/${seller.id}/block`);
    expect((await fan.client.post(`/api/users/${seller.id}/follow`)).statusCode).toBe(200);
    const again = await pay(fan.client, 'POST', `/api/users/${seller.id}/subscribe`, { period: 1 });
    expect(again.statusCode).toBe(200);
    expect(await balanceCents(server.ctx, accounts.wallet(fan.id))).toBe(700);
  });
});

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

describe('a subscription across a block', () => {
  it.each(['creator', 'subscriber'] as const)(
    'is not renewed when the %s blocked the other: it ends as cancelled, charging nothing',
    async (who) => {
      const seller = await creator(server, { subscribePriceCents: 300 });
      const priced = await seedStory(server, seller.id, { priceCents: 100 });
      const fan = await viewer(server);
      await fundWallet(server, fan.id, 1_000);
      await pay(fan.client, 'POST', `/api/users/${seller.id}/subscribe`, { period: 1 });
      const story = async () => (await fan.client.get(`/api/stories/${priced.id}`)).json<Story>();

      if (who === 'creator') {
        await seller.client.post(`/api/users/${fan.id}/block`);
        // Access ends at once: the creator is hidden; the paid month is not refunded.
        expect((await fan.client.get(`/api/stories/${priced.id}`)).statusCode).toBe(404);
      } else {
        await fan.client.post(`/api/users/${seller.id}/block`);
        // The subscriber blocked: what they paid for stays open until the period ends.
        expect((await story()).isAvailable).toBe(true);
      }
      expect(await balanceCents(server.ctx, accounts.wallet(fan.id))).toBe(700);

      await runOut(fan.id, seller.id);
      const events = vi.spyOn(server.ctx.realtime, 'toUser');
      const outcomes = [...(await sweepSubscriptions(server.ctx)).values()];
      expect(outcomes).toEqual(['cancelled']);
      await vi.waitFor(() =>
        expect(events).toHaveBeenCalledWith(fan.id, 'subscription.ended', {
          creator_id: seller.id,
          reason: 'cancelled',
        }),
      );
      events.mockRestore();
      expect(await balanceCents(server.ctx, accounts.wallet(fan.id))).toBe(700);
      expect((await sweepSubscriptions(server.ctx)).size).toBe(0);
    },
  );
});
