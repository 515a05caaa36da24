import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StoryStatistics, TipRequest } from '@glimpse/contract';
import { seedStory } from '../../../test/access-fixtures.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { accounts } from '../ledger/ledger-accounts.ts';
import { balanceCents } from '../ledger/ledger.service.ts';
import { fundWallet, ledgerCounts, ledgerViolations } from '../ledger/test/ledger-fixtures.ts';
import { creator, pay, viewer } from './test/purchase-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('POST /api/tips, amount validation', () => {
  it.each([
    ['zero', 0],
    ['negative', -5],
    ['a fraction of a cent', 0.001],
    ['NaN (sent as null by JSON)', Number.NaN],
    ['a string', '5'],
    ['above the maximum', 1000],
    ['missing', undefined],
  ])('refuses %s with 400 invalid_tip and no ledger rows', async (_label, amount) => {
    const target = await creator(server);
    const tipper = await viewer(server);
    await fundWallet(server, tipper.id, 100_000);
    const before = await ledgerCounts(server.ctx.db);
    const body = JSON.parse(JSON.stringify({ user_id: target.id, amount })) as object;
    const answer = await pay(tipper.client, 'POST', '/api/tips', body);
    expect([answer.statusCode, answer.json().err_key]).toEqual([400, 'invalid_tip']);
    expect(await ledgerCounts(server.ctx.db)).toEqual(before);
  });

  it('refuses a tip to oneself, to an unverified target and one the wallet cannot cover, writing nothing', async () => {
    const self = await creator(server);
    const unverified = await creator(server, { verified: false });
    const target = await creator(server);
    await fundWallet(server, self.id, 1_000);
    const before = await ledgerCounts(server.ctx.db);

    const toSelf = await pay(self.client, 'POST', '/api/tips', { user_id: self.id, amount: 5 });
    expect([toSelf.statusCode, toSelf.json().err_key]).toEqual([400, 'invalid_tip']);
    const toUnverified = await pay(self.client, 'POST', '/api/tips', {
      user_id: unverified.id,
      amount: 5,
    });
    expect([toUnverified.statusCode, toUnverified.json().err_key]).toEqual([
      400,
      'tip_target_not_verified',
    ]);
    const tooMuch = await pay(self.client, 'POST', '/api/tips', { user_id: target.id, amount: 11 });
    expect([tooMuch.statusCode, tooMuch.json().err_key]).toEqual([400, 'insufficient_funds']);
    const nobody = await pay(self.client, 'POST', '/api/tips', { user_id: 2_000_000, amount: 1 });
    expect([nobody.statusCode, nobody.json().err_key]).toEqual([404, 'user_not_found']);
    expect(await ledgerCounts(server.ctx.db)).toEqual(before);
  });
});

describe('POST /api/tips, send', () => {
  it('pays the creator for a story and shows in its statistics with the message', async () => {
    const target = await creator(server);
    const story = await seedStory(server, target.id);
    const tipper = await viewer(server);
    await fundWallet(server, tipper.id, 2_000);
    const key = randomUUID();
    const body = { user_id: target.id, amount: 10, message: 'Great one', story_id: story.id };

    const answer = await pay(tipper.client, 'POST', '/api/tips', body, key);
    expect([answer.statusCode, answer.json()]).toEqual([200, { success: true }]);
    const replay = await pay(tipper.client, 'POST', '/api/tips', body, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const reused = await pay(tipper.client, 'POST', '/api/tips', { ...body, amount: 11 }, key);
    expect([reused.statusCode, reused.json().err_key]).toEqual([422, 'idempotency_mismatch']);
    expect(await balanceCents(server.ctx, accounts.wallet(tipper.id))).toBe(1_000);

    const stats = (
      await target.client.get(`/api/stories/${story.id}/statistics`)
    ).json<StoryStatistics>();
    expect(stats.tips).toEqual([{ username: 'test user', price: 10, title: 'Great one' }]);
    expect(stats).toMatchObject({ tips_total: 10, purchased_total: 0, total: 10 });
    expect(await ledgerViolations(server.ctx.db)).toEqual([]);
  });

  it('refuses a story that is locked to the tipper or belongs to someone else', async () => {
    const target = await creator(server);
    const elsewhere = await creator(server);
    const locked = await seedStory(server, target.id, { priceCents: 100 });
    const foreign = await seedStory(server, elsewhere.id);
    const hidden = await seedStory(server, target.id, { status: 'processing' });
    const tipper = await viewer(server);
    await fundWallet(server, tipper.id, 2_000);
    const before = await ledgerCounts(server.ctx.db);
    const tip = (storyId: number) =>
      pay(tipper.client, 'POST', '/api/tips', { user_id: target.id, amount: 1, story_id: storyId });

    expect((await tip(locked.id)).json().err_key).toBe('invalid_tip');
    expect((await tip(foreign.id)).json().err_key).toBe('invalid_tip');
    const missing = await tip(hidden.id);
    expect([missing.statusCode, missing.json().err_key]).toEqual([404, 'story_not_found']);
    expect(await ledgerCounts(server.ctx.db)).toEqual(before);
  });
});

describe('tip requests', () => {
  it('a verified user asks, the other is told, pays once, and declines another', async () => {
    const requester = await creator(server);
    const payer = await viewer(server);
    await fundWallet(server, payer.id, 1_000);
    const events = vi.spyOn(server.ctx.realtime, 'toUser');

    const ask = (amount: number) =>
      pay(requester.client, 'POST', '/api/tips', {
        user_id: payer.id,
        amount,
        message: 'Coffee?',
        mode: 'request',
      });
    expect((await ask(3)).json()).toEqual({ success: true });
    expect((await ask(4)).json()).toEqual({ success: true });
    await vi.waitFor(() =>
      expect(events).toHaveBeenCalledWith(
        payer.id,
        'tip.requested',
        expect.objectContaining({ from_user_id: requester.id }),
      ),
    );
    events.mockRestore();

    const pending = (await payer.client.get('/api/tips/requests')).json<TipRequest[]>();
    expect(pending.map((r) => r.amount)).toEqual([4, 3]);
    expect(pending[0]!.requester).toMatchObject({ id: requester.id, slug: requester.slug });
    const [four, three] = pending;

    const key = randomUUID();
    const paid = await pay(
      payer.client,
      'POST',
      `/api/tips/requests/${three!.id}/pay`,
      undefined,
      key,
    );
    expect(paid.json()).toEqual({ success: true });
    const again = await pay(
      payer.client,
      'POST',
      `/api/tips/requests/${three!.id}/pay`,
      undefined,
      key,
    );
    expect(again.headers['idempotent-replayed']).toBe('true');
    const otherKey = await pay(payer.client, 'POST', `/api/tips/requests/${three!.id}/pay`);
    expect([otherKey.statusCode, otherKey.json().err_key]).toEqual([404, 'tip_request_not_found']);
    expect(await balanceCents(server.ctx, accounts.wallet(payer.id))).toBe(700);

    expect((await payer.client.delete(`/api/tips/requests/${four!.id}`)).statusCode).toBe(204);
    expect((await payer.client.get('/api/tips/requests')).json()).toEqual([]);
    // Only the person asked may pay or decline.
    const notMine = await requester.client.delete(`/api/tips/requests/${four!.id}`);
    expect(notMine.statusCode).toBe(404);
  });

  it('an unverified user may not ask for money', async () => {
    const asker = await viewer(server);
    const target = await viewer(server);
    const answer = await pay(asker.client, 'POST', '/api/tips', {
      user_id: target.id,
      amount: 5,
      mode: 'request',
    });
    expect([answer.statusCode, answer.json().err_key]).toEqual([403, 'verification_required']);
    expect((await target.client.get('/api/tips/requests')).json()).toEqual([]);
  });
});
