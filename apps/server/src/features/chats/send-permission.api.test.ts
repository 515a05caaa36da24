import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import type { AppError } from '../../platform/errors/app-error.ts';
import { assertMaySend } from './send-permission.service.ts';
import {
  channelIdOf,
  creator,
  fundWallet,
  outcome,
  pay,
  seedBlock,
  seedFollow,
  sendText,
  viewer,
  type Person,
} from './test/chat-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const check = (from: Person, to: { id: number }) =>
  from.client.post('/api/messages/check-permission-to-send', { user_id: to.id });

/** Check and send answer the same; both are asserted, and the body of the refusal. */
async function expectBoth(from: Person, to: { id: number }, status: number, body: object) {
  for (const response of [await check(from, to), await sendText(from, to)]) {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual(body);
  }
}

const messagesBetween = async (a: Person, b: { id: number }) => {
  const state = await a.client.get(`/api/chats/load?user_id=${b.id}`);
  return state.json<{ messages: unknown[] }>().messages.length;
};

describe('permission to send a direct message (spec 8)', () => {
  it('is free when the creator asks nothing: check succeeds, the message goes', async () => {
    const [fan, free] = [await viewer(server), await creator(server)];
    expect((await check(fan, free)).json()).toEqual({ success: true });
    const response = await sendText(fan, free, 'hello there');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ type: 'text', message: 'hello there', own: true });
  });

  it('a paid DM answers should_pay_option with both options until bought, then lets it go', async () => {
    const seller = await creator(server, {
      subscribePriceCents: 499,
      directMessagePriceCents: 250,
    });
    const fan = await viewer(server);
    await expectBoth(fan, seller, 400, {
      err_key: 'should_pay_option',
      err_paid_options: [
        { type: 'subscribe', price: 4.99 },
        { type: 'direct_message', price: 2.5 },
      ],
    });
    await fundWallet(server, fan.id, 1_000);
    const bought = await pay(fan.client, 'POST', `/api/users/${seller.id}/buy-direct-message`);
    expect(bought.json()).toEqual({ success: true });
    expect(outcome(await check(fan, seller))).toBe('200');
    expect(outcome(await sendText(fan, seller))).toBe('200');
  });

  it('offers only the DM when the creator sells no subscription', async () => {
    const seller = await creator(server, { directMessagePriceCents: 100 });
    const fan = await viewer(server);
    expect((await check(fan, seller)).json()).toEqual({
      err_key: 'should_pay_option',
      err_paid_options: [{ type: 'direct_message', price: 1 }],
    });
  });

  it('subscribers only: subscribing opens it, buying a DM does not', async () => {
    const seller = await creator(server, {
      subscribePriceCents: 300,
      directMessagePriceCents: 100,
    });
    const put = await seller.client.put('/api/users/me/profile', {
      directMessageSubscribersOnly: true,
    });
    expect(put.json()).toMatchObject({ directMessageSubscribersOnly: true });
    const fan = await viewer(server);
    await fundWallet(server, fan.id, 2_000);
    await pay(fan.client, 'POST', `/api/users/${seller.id}/buy-direct-message`);
    const onlySubscribe = {
      err_key: 'should_pay_option',
      err_paid_options: [{ type: 'subscribe', price: 3 }],
    };
    await expectBoth(fan, seller, 400, onlySubscribe);
    const subscribed = await pay(fan.client, 'POST', `/api/users/${seller.id}/subscribe`, {
      period: 1,
    });
    expect(subscribed.json()).toEqual({ success: true });
    expect(outcome(await sendText(fan, seller))).toBe('200');
  });

  it('subscribers only with no subscription to sell: cannot_send_msg (anyone may choose it)', async () => {
    const unverified = await creator(server, { verified: false });
    const put = await unverified.client.put('/api/users/me/profile', {
      directMessageSubscribersOnly: true,
    });
    expect(put.statusCode, put.body).toBe(200);
    await expectBoth(await viewer(server), unverified, 400, {
      err_key: 'cannot_send_msg',
      err_msg: 'subscribers_only',
    });
  });

  it('turned off: cannot_send_msg for everyone, subscribers and buyers too', async () => {
    const seller = await creator(server, { directMessagePriceCents: 100 });
    const fan = await viewer(server);
    await fundWallet(server, fan.id, 1_000);
    await pay(fan.client, 'POST', `/api/users/${seller.id}/buy-direct-message`);
    await seller.client.put('/api/users/me/profile', { directMessageTurnOff: true });
    await expectBoth(fan, seller, 400, {
      err_key: 'cannot_send_msg',
      err_msg: 'messages_turned_off',
    });
  });

  it('blocks: the blocked finds no one (404), the blocker is told they blocked', async () => {
    const [a, b] = [await viewer(server), await viewer(server)];
    expect(outcome(await sendText(a, b))).toBe('200');
    await seedBlock(server, b.id, a.id);
    await expectBoth(a, b, 404, { err_key: 'user_not_found' });
    await expectBoth(b, a, 400, { err_key: 'cannot_send_msg', err_msg: 'user_blocked' });
    // The blocker keeps the chat; the blocked no longer sees it.
    expect(await messagesBetween(b, a)).toBe(1);
    expect(outcome(await a.client.get(`/api/chats/load?user_id=${b.id}`))).toBe(
      '404 user_not_found',
    );
  });

  it('answers user_not_found for nobody, cannot_send_msg to oneself, and refuses empty text', async () => {
    const fan = await viewer(server);
    await expectBoth(fan, { id: 2_000_000_000 }, 404, { err_key: 'user_not_found' });
    await expectBoth(fan, fan, 400, { err_key: 'cannot_send_msg', err_msg: 'cannot_message_self' });
    const empty = await sendText(fan, await viewer(server), '   ');
    expect(outcome(empty)).toBe('400 validation_failed');
  });
});

describe('assertMaySend in channels (spec 6 roles)', () => {
  const refusal = async (promise: Promise<unknown>) => {
    try {
      await promise;
      return 'ok';
    } catch (error) {
      const e = error as AppError;
      return [e.errKey, e.details.err_msg].filter(Boolean).join(' ');
    }
  };

  it('the owner posts text, stories and audio; viewers text and tips; others nothing', async () => {
    const [owner, follower, stranger] = [
      await creator(server),
      await viewer(server),
      await viewer(server),
    ];
    await seedFollow(server, follower.id, owner.id);
    const chatId = await channelIdOf(server, owner.id);
    const send = (who: Person, kind: 'text' | 'story' | 'audio' | 'user_tip' | 'creator_tip') =>
      refusal(assertMaySend(server.ctx, who.id, { chatId }, kind));
    expect(
      await Promise.all([send(owner, 'text'), send(owner, 'story'), send(owner, 'audio')]),
    ).toEqual(['ok', 'ok', 'ok']);
    expect(await send(owner, 'user_tip')).toBe('cannot_send_msg owner_cannot_tip');
    expect(await send(follower, 'text')).toBe('ok');
    expect(await send(follower, 'user_tip')).toBe('ok');
    expect(await send(follower, 'story')).toBe('cannot_send_msg channel_owner_only');
    expect(await send(follower, 'audio')).toBe('cannot_send_msg channel_owner_only');
    expect(await send(follower, 'creator_tip')).toBe('cannot_send_msg not_in_channels');
    expect(await send(stranger, 'text')).toBe('chat_not_found');
    await seedBlock(server, follower.id, owner.id);
    expect(await send(follower, 'text')).toBe('cannot_send_msg user_blocked');
    await seedBlock(server, owner.id, stranger.id);
    await seedFollow(server, stranger.id, owner.id);
    expect(await send(stranger, 'text')).toBe('chat_not_found');
  });

  it('answers the direct chat of a pair, made once, for a user target', async () => {
    const [a, b] = [await viewer(server), await viewer(server)];
    const first = await assertMaySend(server.ctx, a.id, { userId: b.id }, 'text');
    const second = await assertMaySend(server.ctx, b.id, { userId: a.id }, 'audio');
    expect(second).toEqual(first);
    expect(await assertMaySend(server.ctx, a.id, first, 'text')).toEqual(first);
  });
});
