import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { verifyUser } from '../../test/stories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function pricesSeenBy(viewer: Client, userId: number) {
  const response = await viewer.get(`/api/users/${userId}`);
  expect(response.statusCode).toBe(200);
  const { subscribePrice, directMessagePrice } = response.json();
  return { subscribePrice, directMessagePrice };
}

describe('profile prices need a verified user (spec 1 and 6)', () => {
  it.each([
    ['subscribePrice', { subscribePrice: 4.99 }],
    ['directMessagePrice', { directMessagePrice: 2.5 }],
  ])('refuses %s above 0 from an unverified user and saves nothing', async (field, prices) => {
    const owner = await signedUpUser(server);
    const { client: viewer } = await signedUpUser(server);
    const response = await owner.client.put('/api/users/me/profile', {
      name: 'Not Saved',
      ...prices,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      err_key: 'verification_required',
      err_msg: { [field]: ['verification_required'] },
      errors: { [field]: ['verification_required'] },
    });
    const me = (await owner.client.get('/api/auth/me')).json();
    expect(me).toMatchObject({ name: owner.body.name, subscribePrice: null });
    expect(await pricesSeenBy(viewer, owner.user.id)).toEqual({
      subscribePrice: null,
      directMessagePrice: null,
    });
  });

  it('names both fields when both prices are refused', async () => {
    const owner = await signedUpUser(server);
    const response = await owner.client.put('/api/users/me/profile', {
      subscribePrice: 9.99,
      directMessagePrice: 1,
    });
    expect(response.statusCode).toBe(403);
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'directMessagePrice',
      'subscribePrice',
    ]);
  });

  it('lets an unverified user set 0 or null', async () => {
    const owner = await signedUpUser(server);
    for (const prices of [
      { subscribePrice: 0, directMessagePrice: 0 },
      { subscribePrice: null, directMessagePrice: null },
    ]) {
      const response = await owner.client.put('/api/users/me/profile', prices);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject(prices);
    }
  });

  it('lets a verified user set prices that others then see', async () => {
    const owner = await signedUpUser(server);
    const { client: viewer } = await signedUpUser(server);
    await verifyUser(server, owner.user.id);
    const prices = { subscribePrice: 4.99, directMessagePrice: 2.5 };
    expect((await owner.client.put('/api/users/me/profile', prices)).statusCode).toBe(200);
    expect(await pricesSeenBy(viewer, owner.user.id)).toEqual(prices);
  });
});
