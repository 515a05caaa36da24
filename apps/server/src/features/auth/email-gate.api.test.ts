import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmAddress, signedUpUser } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { creator, fundWallet } from '../money/test/index.ts';

/**
 * An unconfirmed address may browse, follow and chat; paying, earning (the identity check that
 * opens it) and payouts wait for the mailed link (issue 27).
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const withKey = () => ({ 'idempotency-key': randomUUID() });

describe('an unconfirmed address', () => {
  it('may follow and message, and may not pay, earn or withdraw until it is confirmed', async () => {
    const seller = await creator(server, {
      subscribePriceCents: 900,
      directMessagePriceCents: null,
    });
    const fresh = await signedUpUser(server, {}, { confirmed: false });
    await fundWallet(server, fresh.user.id, 5_000);

    // Browsing, following and chatting.
    expect((await fresh.client.get(`/api/users/${seller.id}`)).statusCode).toBe(200);
    expect((await fresh.client.post(`/api/users/${seller.id}/follow`)).statusCode).toBe(200);
    const sent = await fresh.client.post('/api/messages/send', {
      user_id: seller.id,
      message: 'Hello before confirming',
      client_id: randomUUID(),
    });
    expect(sent.statusCode, sent.body).toBe(200);

    // Paying, topping up, earning and withdrawing.
    const refused = [
      await fresh.client.request({
        method: 'POST',
        url: `/api/users/${seller.id}/subscribe`,
        payload: { period: 1 },
        headers: withKey(),
      }),
      await fresh.client.request({
        method: 'POST',
        url: '/api/tips',
        payload: { user_id: seller.id, amount: 5 },
        headers: withKey(),
      }),
      await fresh.client.request({
        method: 'POST',
        url: '/api/wallet/top-up',
        payload: { amount: 20 },
        headers: withKey(),
      }),
      await fresh.client.post('/api/verification/start', {}),
      await fresh.client.request({
        method: 'POST',
        url: '/api/wallet/payouts',
        payload: {},
        headers: withKey(),
      }),
    ];
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toMatchObject({ err_key: 'email_not_verified' });
    }

    // The mailed link followed: the same subscription goes through.
    await confirmAddress(server, fresh.user.id);
    const subscribed = await fresh.client.request({
      method: 'POST',
      url: `/api/users/${seller.id}/subscribe`,
      payload: { period: 1 },
      headers: withKey(),
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
  });
});
