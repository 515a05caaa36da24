import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatRoom, userRoom, type ChatState } from '@glimpse/contract';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { fundWallet, ledgerCounts } from '../ledger/test/ledger-fixtures.ts';
import { directChatMembers, directMessagesBetween, messageCount } from './test/chat-messages.ts';
import { creator, pay, viewer } from './test/purchase-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('tips as chat messages', () => {
  it('a sent tip posts exactly one user_tip in the direct chat, made on first contact', async () => {
    const target = await creator(server);
    const tipper = await viewer(server);
    await fundWallet(server, tipper.id, 2_000);
    const rooms = vi.spyOn(server.ctx.realtime, 'toRooms');
    const key = randomUUID();
    const body = { user_id: target.id, amount: 7.5, message: 'For the stream' };

    expect((await pay(tipper.client, 'POST', '/api/tips', body, key)).json()).toEqual({
      success: true,
    });
    const [message, ...rest] = await directMessagesBetween(server, tipper.id, target.id);
    expect(rest).toEqual([]);
    expect(message).toMatchObject({
      senderId: tipper.id,
      type: 'user_tip',
      body: 'For the stream',
      tipRequestId: null,
    });
    expect(message!.tipId).toEqual(expect.any(Number));
    // Both sides see it in their chat as a tip of the amount, the tipper as their own.
    for (const [reader, other] of [
      [tipper, target.id],
      [target, tipper.id],
    ] as const) {
      const chat = await reader.client.get(`/api/chats/load?user_id=${other}`);
      expect(chat.statusCode).toBe(200);
      expect(chat.json<ChatState>().messages).toEqual([
        expect.objectContaining({
          id: message!.id,
          type: 'user_tip',
          message: 'For the stream',
          own: reader === tipper,
          meta: { tip: { amount: 7.5 }, buyer: { name: 'Test User' } },
        }),
      ]);
    }
    expect(await directChatMembers(server, tipper.id, target.id)).toEqual(
      [tipper.id, target.id].sort((a, b) => a - b),
    );
    // Both sides hear of it: the chat's room and each member's own room.
    await vi.waitFor(() =>
      expect(rooms).toHaveBeenCalledWith(
        expect.arrayContaining([
          chatRoom(message!.chatId),
          userRoom(tipper.id),
          userRoom(target.id),
        ]),
        'message.created',
        expect.objectContaining({ chat_id: message!.chatId, message_id: message!.id }),
      ),
    );
    rooms.mockRestore();

    // A replay of the key posts nothing; a second tip is a second message in the same chat.
    const replay = await pay(tipper.client, 'POST', '/api/tips', body, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await directMessagesBetween(server, tipper.id, target.id)).toHaveLength(1);
    await pay(tipper.client, 'POST', '/api/tips', { ...body, message: '' });
    const both = await directMessagesBetween(server, tipper.id, target.id);
    expect(both.map((m) => [m.type, m.body, m.chatId])).toEqual([
      ['user_tip', 'For the stream', message!.chatId],
      ['user_tip', '', message!.chatId],
    ]);
  });

  it('a refused tip posts nothing: no message, no chat, no transfer', async () => {
    const target = await creator(server);
    const unverified = await creator(server, { verified: false });
    const tipper = await viewer(server);
    await fundWallet(server, tipper.id, 500);
    const before = {
      ledger: await ledgerCounts(server.ctx.db),
      messages: await messageCount(server),
    };

    const poor = await pay(tipper.client, 'POST', '/api/tips', { user_id: target.id, amount: 6 });
    expect([poor.statusCode, poor.json().err_key]).toEqual([400, 'insufficient_funds']);
    const notVerified = await pay(tipper.client, 'POST', '/api/tips', {
      user_id: unverified.id,
      amount: 1,
    });
    expect(notVerified.json().err_key).toBe('tip_target_not_verified');

    expect(await ledgerCounts(server.ctx.db)).toEqual(before.ledger);
    expect(await messageCount(server)).toBe(before.messages);
    expect(await directChatMembers(server, tipper.id, target.id)).toEqual([]);
  });

  it('a request posts a creator_tip from the requester; paying it posts the user_tip', async () => {
    const requester = await creator(server);
    const payer = await viewer(server);
    await fundWallet(server, payer.id, 1_000);
    const key = randomUUID();
    const ask = { user_id: payer.id, amount: 4, message: 'Custom video', mode: 'request' };
    expect((await pay(requester.client, 'POST', '/api/tips', ask, key)).json()).toEqual({
      success: true,
    });
    await pay(requester.client, 'POST', '/api/tips', ask, key);
    const [request, ...none] = await directMessagesBetween(server, requester.id, payer.id);
    expect(none).toEqual([]);
    expect(request).toMatchObject({
      senderId: requester.id,
      type: 'creator_tip',
      body: 'Custom video',
      tipId: null,
    });
    const requestId = request!.tipRequestId!;
    const requestAsSeen = async () => {
      const chat = await payer.client.get(`/api/chats/load?user_id=${requester.id}`);
      const shown = chat.json<ChatState>().messages.find((m) => m.id === request!.id);
      return shown?.meta.creator_tip;
    };
    expect(await requestAsSeen()).toEqual({
      name: 'Custom video',
      price: 4,
      request_id: requestId,
      status: 'pending',
    });

    const payKey = randomUUID();
    const url = `/api/tips/requests/${requestId}/pay`;
    expect((await pay(payer.client, 'POST', url, undefined, payKey)).json()).toEqual({
      success: true,
    });
    await pay(payer.client, 'POST', url, undefined, payKey);
    const after = await directMessagesBetween(server, requester.id, payer.id);
    expect(after.map((m) => [m.type, m.senderId, m.body])).toEqual([
      ['creator_tip', requester.id, 'Custom video'],
      ['user_tip', payer.id, 'Custom video'],
    ]);
    expect(after[1]!.tipId).toEqual(expect.any(Number));
    // The request's message now reads as paid; the payment shows who paid how much.
    expect((await requestAsSeen())?.status).toBe('paid');
    const seenByRequester = await requester.client.get(`/api/chats/load?user_id=${payer.id}`);
    expect(seenByRequester.json<ChatState>().messages.map((m) => [m.type, m.own, m.meta])).toEqual([
      ['creator_tip', true, { creator_tip: expect.objectContaining({ status: 'paid' }) }],
      ['user_tip', false, { tip: { amount: 4 }, buyer: { name: 'Test User' } }],
    ]);
  });
});

describe('tips across a block', () => {
  it('refuses tips and requests both ways and voids a pending request, posting nothing', async () => {
    const blocker = await creator(server);
    const blocked = await creator(server);
    await fundWallet(server, blocked.id, 1_000);
    await fundWallet(server, blocker.id, 1_000);
    await pay(blocked.client, 'POST', '/api/tips', {
      user_id: blocker.id,
      amount: 2,
      mode: 'request',
    });
    const [pending] = await directMessagesBetween(server, blocker.id, blocked.id);
    await blocker.client.post(`/api/users/${blocked.id}/block`);
    const before = {
      ledger: await ledgerCounts(server.ctx.db),
      messages: await messageCount(server),
    };

    for (const mode of ['send', 'request']) {
      const hidden = await pay(blocked.client, 'POST', '/api/tips', {
        user_id: blocker.id,
        amount: 1,
        mode,
      });
      expect([hidden.statusCode, hidden.json().err_key]).toEqual([404, 'user_not_found']);
      const own = await pay(blocker.client, 'POST', '/api/tips', {
        user_id: blocked.id,
        amount: 1,
        mode,
      });
      expect([own.statusCode, own.json().err_key]).toEqual([400, 'invalid_tip']);
    }
    const voided = await pay(
      blocker.client,
      'POST',
      `/api/tips/requests/${pending!.tipRequestId}/pay`,
    );
    expect([voided.statusCode, voided.json().err_key]).toEqual([404, 'tip_request_not_found']);
    expect(await ledgerCounts(server.ctx.db)).toEqual(before.ledger);
    expect(await messageCount(server)).toBe(before.messages);
  });
});
