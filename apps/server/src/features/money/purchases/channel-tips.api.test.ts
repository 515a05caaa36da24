import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatRoom, type ChatState } from '@glimpse/contract';
import { seedFollow, seedSubscription } from '../../../test/access-fixtures.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { channelOf } from '../../chats/chat-core.service.ts';
import { accounts } from '../ledger/ledger-accounts.ts';
import { balanceCents } from '../ledger/ledger.service.ts';
import { fundWallet, ledgerCounts } from '../ledger/test/ledger-fixtures.ts';
import { channelMessages, directChatIdOf, messageCount } from './test/chat-messages.ts';
import { creator, pay, viewer } from './test/purchase-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const tipChannel = (c: Awaited<ReturnType<typeof viewer>>, body: object, key?: string) =>
  pay(c.client, 'POST', '/api/tips/channel', body, key);

describe('POST /api/tips/channel', () => {
  it("a follower's tip pays the owner and shows in the channel for every member", async () => {
    const owner = await creator(server);
    const channel = (await channelOf(server.ctx, owner.id))!;
    const fan = await viewer(server);
    const subscriber = await viewer(server);
    await seedFollow(server, fan.id, owner.id);
    await seedSubscription(server, subscriber.id, owner.id);
    await fundWallet(server, fan.id, 1_000);
    const rooms = vi.spyOn(server.ctx.realtime, 'toRooms');
    const key = randomUUID();
    const body = { chat_id: channel, amount: 3, message: 'Great show' };

    expect((await tipChannel(fan, body, key)).json()).toEqual({ success: true });
    const replay = await tipChannel(fan, body, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await balanceCents(server.ctx, accounts.wallet(fan.id))).toBe(700);

    const [tip, ...rest] = await channelMessages(server, channel);
    expect(rest).toEqual([]);
    expect(tip).toMatchObject({ senderId: fan.id, type: 'user_tip', body: 'Great show' });
    for (const reader of [owner, subscriber, fan]) {
      const chat = await reader.client.get(`/api/chats/load?chat_id=${channel}`);
      expect(chat.json<ChatState>().messages).toEqual([
        expect.objectContaining({
          id: tip!.id,
          type: 'user_tip',
          message: 'Great show',
          own: reader === fan,
          meta: { tip: { amount: 3 }, buyer: { name: 'Test User' } },
        }),
      ]);
    }
    await vi.waitFor(() =>
      expect(rooms).toHaveBeenCalledWith(
        [chatRoom(channel)],
        'message.created',
        expect.objectContaining({
          chat_id: channel,
          message_id: tip!.id,
          message: expect.objectContaining({
            type: 'user_tip',
            meta: { tip: { amount: 3 }, buyer: { name: 'Test User' } },
          }),
        }),
      ),
    );
    rooms.mockRestore();
  });

  it('refuses the owner, non-members, direct chats, unverified owners and empty wallets, writing nothing', async () => {
    const owner = await creator(server);
    const unverified = await creator(server, { verified: false });
    const [channel, unverifiedChannel] = [
      (await channelOf(server.ctx, owner.id))!,
      (await channelOf(server.ctx, unverified.id))!,
    ];
    const fan = await viewer(server);
    const stranger = await viewer(server);
    await seedFollow(server, fan.id, owner.id);
    await seedFollow(server, fan.id, unverified.id);
    await fundWallet(server, owner.id, 1_000);
    await fundWallet(server, stranger.id, 1_000);
    await fundWallet(server, fan.id, 200);
    // A direct chat between the fan and the owner (a tip there goes through POST /api/tips).
    await pay(fan.client, 'POST', '/api/tips', { user_id: owner.id, amount: 1 });
    const direct = (await directChatIdOf(server, fan.id, owner.id))!;
    const before = {
      ledger: await ledgerCounts(server.ctx.db),
      messages: await messageCount(server),
    };

    const outcome = async (c: Awaited<ReturnType<typeof viewer>>, chatId: number, amount = 1) => {
      const answer = await tipChannel(c, { chat_id: chatId, amount });
      return [answer.statusCode, answer.json().err_key];
    };
    expect(await outcome(owner, channel)).toEqual([400, 'cannot_pay_self']);
    expect(await outcome(stranger, channel)).toEqual([404, 'chat_not_found']);
    expect(await outcome(fan, direct)).toEqual([404, 'chat_not_found']);
    expect(await outcome(fan, 2_000_000_000)).toEqual([404, 'chat_not_found']);
    expect(await outcome(fan, unverifiedChannel)).toEqual([400, 'tip_target_not_verified']);
    expect(await outcome(fan, channel, 5)).toEqual([400, 'insufficient_funds']);
    expect(await outcome(fan, channel, 0)).toEqual([400, 'invalid_tip']);
    const missingKey = await fan.client.post('/api/tips/channel', { chat_id: channel, amount: 1 });
    expect(missingKey.json().err_key).toBe('idempotency_key_required');

    expect(await ledgerCounts(server.ctx.db)).toEqual(before.ledger);
    expect(await messageCount(server)).toBe(before.messages);
  });

  it('is refused across a block either way', async () => {
    const owner = await creator(server);
    const channel = (await channelOf(server.ctx, owner.id))!;
    const [hidden, blocking] = [await viewer(server), await viewer(server)];
    for (const fan of [hidden, blocking]) {
      await seedFollow(server, fan.id, owner.id);
      await fundWallet(server, fan.id, 1_000);
    }
    await owner.client.post(`/api/users/${hidden.id}/block`);
    await blocking.client.post(`/api/users/${owner.id}/block`);
    const before = await messageCount(server);
    // A block ended the follows; a subscription would still let them read, so follow again.
    await seedSubscription(server, hidden.id, owner.id);
    await seedSubscription(server, blocking.id, owner.id);

    const refusedHidden = await tipChannel(hidden, { chat_id: channel, amount: 1 });
    expect([refusedHidden.statusCode, refusedHidden.json().err_key]).toEqual([
      404,
      'chat_not_found',
    ]);
    const refusedBlocking = await tipChannel(blocking, { chat_id: channel, amount: 1 });
    expect([refusedBlocking.statusCode, refusedBlocking.json().err_key]).toEqual([
      400,
      'invalid_tip',
    ]);
    expect(await messageCount(server)).toBe(before);
  });
});
