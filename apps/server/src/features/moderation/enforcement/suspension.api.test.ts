import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions, subscriptions, users } from '../../../db/schema/index.ts';
import { client, type TestServer } from '../../../test/harness.ts';
import { solidImage } from '../../../test/images.ts';
import { postStory } from '../../../test/stories.ts';
import { generateSessionToken, sessionIdFromToken } from '../../auth/session-token.ts';
import {
  accounts,
  balanceCents,
  creator,
  fundWallet,
  ledgerViolations,
  pay,
  sweepSubscriptions,
  viewer,
} from '../../money/test/index.ts';
import { drainJobs } from '../../stories/test/chat-story-fixtures.ts';
import { setPayoutHold, suspend, unsuspend } from './index.ts';
import { sweepSuspensions } from '../../users/index.ts';

import { useEnforcementServer } from './test/enforcement-server.ts';

/**
 * What a moderator's decision does to an account (issue 29, part 4): suspended (sessions,
 * sockets, sign-in, visibility, fan-out, renewals, refunds) and payouts held. Content taken
 * down: enforcement.api.test.ts.
 */

const surfaces = useEnforcementServer();
const { socketOf, readyStory, storyIds, discover } = surfaces;
let server: TestServer;
beforeAll(() => {
  server = surfaces.server;
});

describe('a suspended account', () => {
  it('loses its sessions and sockets, may not sign in (until when), and is hidden everywhere', async () => {
    const suspended = await creator(server);
    const fan = await viewer(server);
    const email = (
      await server.ctx.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, suspended.id))
    )[0]!.email;
    await readyStory(suspended);
    const socket = await socketOf(suspended);
    const gone = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    expect((await fan.client.get(`/api/users/${suspended.id}`)).statusCode).toBe(200);

    const until = new Date(Date.now() + 86_400_000);
    await suspend(server.ctx, suspended.id, until);
    await gone;
    expect((await suspended.client.get('/api/auth/me')).statusCode).toBe(401);
    // A session a racing sign-in wrote after the others were deleted counts as none.
    const raced = generateSessionToken();
    await server.ctx.db.insert(sessions).values({
      id: sessionIdFromToken(raced),
      userId: suspended.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    expect((await client(server, { cookie: raced }).get('/api/auth/me')).statusCode).toBe(401);
    const signIn = await client(server).post('/api/auth/login', {
      email,
      password: 'correct horse battery staple',
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({
      err_key: 'account_suspended',
      err_msg: { until: until.toISOString() },
    });
    expect((await fan.client.get(`/api/users/${suspended.id}`)).statusCode).toBe(404);
    expect(await storyIds(fan.client, suspended.id)).toBe(404);
    expect(await discover(fan.client)).not.toContain(suspended.id);
    const found = await fan.client.get(`/api/search?q=${encodeURIComponent(suspended.slug)}`);
    expect(found.json<{ data: { id: number }[] }>().data.map((r) => r.id)).not.toContain(
      suspended.id,
    );

    // The sweep lifts it once its time is over.
    await server.ctx.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, suspended.id));
    expect(await sweepSuspensions(server.ctx)).toContain(suspended.id);
    expect((await fan.client.get(`/api/users/${suspended.id}`)).statusCode).toBe(200);
    const again = await client(server).post('/api/auth/login', {
      email,
      password: 'correct horse battery staple',
    });
    expect(again.statusCode, again.body).toBe(200);
    await unsuspend(server.ctx, suspended.id);
  });

  it('fans out nothing as an actor: a story that finishes processing after the suspension notifies no follower', async () => {
    const poster = await creator(server);
    const follower = await viewer(server);
    expect((await follower.client.post(`/api/users/${poster.id}/follow`)).statusCode).toBe(200);
    const unread = async () =>
      (await follower.client.get('/api/notifications/unread-count')).json<{ count: number }>()
        .count;
    // Control: a story processed before any suspension reaches the follower's bell.
    await readyStory(poster);
    expect(await unread()).toBe(1);
    const posted = await postStory(poster.client, {
      data: await solidImage('png', 120, 200),
      filename: 'photo.png',
      contentType: 'image/png',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    await suspend(server.ctx, poster.id, new Date(Date.now() + 86_400_000));
    await drainJobs(server);
    expect(await unread()).toBe(1);
    await unsuspend(server.ctx, poster.id);
  });

  it('renews no subscription of a suspended creator or subscriber, and charges nothing', async () => {
    const seller = await creator(server, { subscribePriceCents: 500 });
    const fan = await viewer(server);
    await fundWallet(server, fan.id, 2_000);
    const paid = await pay(fan.client, 'POST', `/api/users/${seller.id}/subscribe`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    const wallet = () =>
      balanceCents({ db: server.ctx.db, config: server.ctx.config }, accounts.wallet(fan.id));
    const afterPaying = await wallet();
    await suspend(server.ctx, seller.id, new Date(Date.now() + 3 * 86_400_000));
    // The period runs out during the suspension.
    await server.ctx.db
      .update(subscriptions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.subscriberId, fan.id));
    const outcomes = await sweepSubscriptions(server.ctx);
    expect([...outcomes.values()]).toContain('cancelled');
    expect(await wallet()).toBe(afterPaying);
    await unsuspend(server.ctx, seller.id);
  });

  it('for good refunds each subscriber the unused part of the period, once', async () => {
    const seller = await creator(server, { subscribePriceCents: 1_000 });
    const fan = await viewer(server);
    await fundWallet(server, fan.id, 3_000);
    expect(
      (await pay(fan.client, 'POST', `/api/users/${seller.id}/subscribe`, {})).statusCode,
    ).toBe(200);
    const wallet = () =>
      balanceCents({ db: server.ctx.db, config: server.ctx.config }, accounts.wallet(fan.id));
    const afterPaying = await wallet();
    expect(afterPaying).toBe(2_000);
    // A third of the month used.
    const [period] = await server.ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.subscriberId, fan.id));
    const length = period!.expiresAt.getTime() - period!.startsAt.getTime();
    await server.ctx.db
      .update(subscriptions)
      .set({
        startsAt: new Date(Date.now() - length / 3),
        expiresAt: new Date(Date.now() + (2 * length) / 3),
      })
      .where(eq(subscriptions.id, period!.id));

    await suspend(server.ctx, seller.id, null);
    const refunded = (await wallet()) - afterPaying;
    expect(refunded).toBeGreaterThanOrEqual(665);
    expect(refunded).toBeLessThanOrEqual(667);
    const [ended] = await server.ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, period!.id));
    expect(ended!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(ended!.renews).toBe(false);

    // A retry, a second suspension: nothing more comes back.
    await suspend(server.ctx, seller.id, null);
    const { refundSubscribersOf } = await import('../../money/index.ts');
    expect(await refundSubscribersOf(server.ctx, seller.id)).toEqual([]);
    expect((await wallet()) - afterPaying).toBe(refunded);
    // The creator's and the platform's shares came back from where they went; nothing drifts.
    expect(
      await balanceCents(
        { db: server.ctx.db, config: server.ctx.config },
        accounts.earningsPending(seller.id),
      ),
    ).toBeGreaterThan(0);
    expect(await ledgerViolations(server.ctx.db)).toEqual([]);
  });
});

describe('payouts held', () => {
  it('refuses a payout with payouts_held while held, not after', async () => {
    const seller = await creator(server);
    const ask = () =>
      seller.client.request({
        method: 'POST',
        url: '/api/wallet/payouts',
        payload: {},
        headers: { 'idempotency-key': randomUUID() },
      });
    await setPayoutHold(server.ctx, seller.id, true);
    await setPayoutHold(server.ctx, seller.id, true);
    const held = await ask();
    expect(held.statusCode).toBe(403);
    expect(held.json()).toMatchObject({ err_key: 'payouts_held' });
    await setPayoutHold(server.ctx, seller.id, false);
    expect((await ask()).json<{ err_key?: string }>().err_key).not.toBe('payouts_held');
  });
});
