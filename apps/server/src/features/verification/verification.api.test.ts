import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CurrentUser, VerificationCheck } from '@glimpse/contract';
import { verificationSessions, verificationWebhookEvents } from '../../db/schema/index.ts';
import { client, startTestServer, type Client, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import {
  SANDBOX_SIGNATURE_HEADER,
  signSandboxBody,
} from '../../platform/http/sandbox-signature.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  // The sandbox page sends its webhook over HTTP to this process's listening address.
  await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server?.stop();
});

const check = async (api: Client) =>
  (await api.get('/api/verification/check')).json<VerificationCheck>();

async function start(api: Client, returnTo = '/profile'): Promise<string> {
  const response = await api.post('/api/verification/start', { return_to: returnTo });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ redirectUrl: string }>().redirectUrl;
}

const complete = (api: Client, redirectUrl: string, outcome: string) =>
  api.post(`${redirectUrl}/complete`, { outcome });

const sessionIdOf = (redirectUrl: string) => redirectUrl.split('/').pop()!;

/** A sandbox webhook as the sandbox page sends it, signed with the server's sandbox secret. */
function webhook(
  sessionId: string,
  outcome: 'approved' | 'rejected',
  options: { eventId?: string; secret?: string; signature?: string } = {},
) {
  const body = JSON.stringify({
    id: options.eventId ?? `evt_${randomBytes(6).toString('hex')}`,
    type: `verification.${outcome}`,
    created: Math.floor(Date.now() / 1000),
    data: { session_id: sessionId },
  });
  const signature =
    options.signature ??
    signSandboxBody(options.secret ?? server.config.sandboxIdentitySecret, body);
  return server.app.inject({
    method: 'POST',
    url: '/api/verification/webhook/sandbox',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
    payload: body,
  });
}

const setSubscribePrice = (api: Client, price: number) =>
  api.put('/api/users/me/profile', { subscribePrice: price });

async function sessionRow(id: string) {
  const [row] = await server.ctx.db
    .select()
    .from(verificationSessions)
    .where(eq(verificationSessions.id, id));
  return row!;
}

describe('identity verification through the sandbox provider', () => {
  it('start -> sandbox page -> Approve -> signed webhook -> verified, and prices may be set', async () => {
    const { client: api } = await signedUpUser(server);
    expect(await check(api)).toEqual({ verified: false, verifyOndatoAt: null, status: 'none' });
    expect((await setSubscribePrice(api, 4.99)).statusCode).toBe(403);

    const redirectUrl = await start(api, '/profile?tab=stories');
    expect(redirectUrl).toMatch(/^\/sandbox\/identity\/[A-Za-z0-9_-]+$/);
    const page = await client(server).get(redirectUrl);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('value="approved"');
    expect(page.body).toContain('value="rejected"');
    expect(page.body).not.toMatch(/<script|https?:\/\//);
    expect((await check(api)).status).toBe('pending');

    const done = await complete(client(server), redirectUrl, 'approved');
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/profile?tab=stories&verification=approved');

    const after = await check(api);
    expect(after).toMatchObject({ verified: true, status: 'approved' });
    expect(Date.parse(after.verifyOndatoAt!)).toBeGreaterThan(Date.now() - 60_000);
    const me = (await api.get('/api/auth/me')).json<CurrentUser>();
    expect(me.verifyOndatoAt).toBe(after.verifyOndatoAt);

    const priced = await setSubscribePrice(api, 4.99);
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().subscribePrice).toBe(4.99);
  });

  it('the page form posts urlencoded, as a browser without script does', async () => {
    const { client: api } = await signedUpUser(server);
    const redirectUrl = await start(api);
    const done = await client(server).request({
      method: 'POST',
      url: `${redirectUrl}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=approved',
    });
    expect(done.statusCode).toBe(303);
    expect((await check(api)).verified).toBe(true);
  });

  it('rejected: not verified, status rejected, and the user may start again and be approved', async () => {
    const { client: api } = await signedUpUser(server);
    const first = await start(api);
    const rejected = await complete(client(server), first, 'rejected');
    expect(rejected.statusCode).toBe(303);
    expect(rejected.headers.location).toBe('/profile?verification=rejected');
    expect(await check(api)).toEqual({ verified: false, verifyOndatoAt: null, status: 'rejected' });
    expect((await setSubscribePrice(api, 1)).statusCode).toBe(403);

    // The rejected page stays rejected: completing it again sends nothing and changes nothing.
    const again = await complete(client(server), first, 'approved');
    expect(again.headers.location).toBe('/profile?verification=rejected');
    expect((await check(api)).verified).toBe(false);

    const second = await start(api);
    expect(second).not.toBe(first);
    expect((await check(api)).status).toBe('pending');
    await complete(client(server), second, 'approved');
    expect(await check(api)).toMatchObject({ verified: true, status: 'approved' });
    expect((await setSubscribePrice(api, 1)).statusCode).toBe(200);
  });

  it('a pending check is handed out again; a verified user is sent straight back', async () => {
    const { client: api } = await signedUpUser(server);
    const first = await start(api, '/a');
    expect(await start(api, '/b')).toBe(first);
    // The latest return path wins.
    expect((await complete(client(server), first, 'approved')).headers.location).toBe(
      '/b?verification=approved',
    );
    expect(await start(api, '/c')).toBe('/c?verification=approved');
  });

  it('the same event three times and out of order is applied once', async () => {
    const { user, client: api } = await signedUpUser(server);
    const sessionId = sessionIdOf(await start(api));
    const emitted = vi.spyOn(server.ctx.realtime, 'toUser');
    try {
      const approval = `evt_${randomBytes(6).toString('hex')}`;
      for (let i = 0; i < 3; i += 1) {
        const response = await webhook(sessionId, 'approved', { eventId: approval });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({ received: true });
      }
      const verifiedAt = (await check(api)).verifyOndatoAt;
      expect(verifiedAt).not.toBeNull();

      // A rejection of the same check arriving late does not undo the approval.
      expect((await webhook(sessionId, 'rejected')).statusCode).toBe(200);
      // Another approval event for it changes nothing either.
      expect((await webhook(sessionId, 'approved')).statusCode).toBe(200);
      expect(await check(api)).toEqual({
        verified: true,
        verifyOndatoAt: verifiedAt,
        status: 'approved',
      });
      expect((await sessionRow(sessionId)).status).toBe('approved');

      const toThisUser = emitted.mock.calls.filter(([userId]) => userId === user.id);
      // Once each, the decision's notification (features/notifications) among them.
      expect(toThisUser.map(([, event, payload]) => [event, payload])).toEqual([
        ['user.updated', { user_id: user.id }],
        [
          'notification.created',
          expect.objectContaining({
            notification: expect.objectContaining({
              type: 'verification_decided',
              data: { outcome: 'approved' },
            }),
          }),
        ],
        ['verification.updated', { verified: true }],
      ]);
      const events = await server.ctx.db
        .select()
        .from(verificationWebhookEvents)
        .where(eq(verificationWebhookEvents.sessionId, sessionId));
      expect(events).toHaveLength(3);
    } finally {
      emitted.mockRestore();
    }
  });

  it('a rejection delivered before the approval of the same check ends approved', async () => {
    const { client: api } = await signedUpUser(server);
    const sessionId = sessionIdOf(await start(api));
    await webhook(sessionId, 'rejected');
    expect((await check(api)).status).toBe('rejected');
    await webhook(sessionId, 'approved');
    expect(await check(api)).toMatchObject({ verified: true, status: 'approved' });
  });

  it('refuses a bad signature with webhook_signature_invalid and applies nothing', async () => {
    const { client: api } = await signedUpUser(server);
    const sessionId = sessionIdOf(await start(api));
    const eventId = `evt_${randomBytes(6).toString('hex')}`;
    const stale = Math.floor(Date.now() / 1000) - 3600;
    const attempts = [
      await webhook(sessionId, 'approved', { eventId, secret: 'not-the-secret' }),
      await webhook(sessionId, 'approved', { eventId, signature: '' }),
      await webhook(sessionId, 'approved', { eventId, signature: 't=1,v1=zz' }),
      await webhook(sessionId, 'approved', {
        eventId,
        signature: signSandboxBody(server.config.sandboxIdentitySecret, '{}', stale),
      }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(400);
      expect(response.json().err_key).toBe('webhook_signature_invalid');
    }
    // A body changed after signing.
    const body = JSON.stringify({
      id: eventId,
      type: 'verification.rejected',
      created: 1,
      data: { session_id: sessionId },
    });
    const tampered = await server.app.inject({
      method: 'POST',
      url: '/api/verification/webhook/sandbox',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(server.config.sandboxIdentitySecret, body),
      },
      payload: body.replace('rejected', 'approved'),
    });
    expect(tampered.json().err_key).toBe('webhook_signature_invalid');

    expect(await check(api)).toEqual({ verified: false, verifyOndatoAt: null, status: 'pending' });
    const seen = await server.ctx.db
      .select()
      .from(verificationWebhookEvents)
      .where(eq(verificationWebhookEvents.eventId, eventId));
    expect(seen).toEqual([]);
  });

  it('answers 404 provider_not_found for a provider that is not configured', async () => {
    for (const provider of ['ondato', 'stripe']) {
      const response = await server.app.inject({
        method: 'POST',
        url: `/api/verification/webhook/${provider}`,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().err_key).toBe('provider_not_found');
    }
  });

  it('refuses bad input without a 500', async () => {
    const { client: api } = await signedUpUser(server);
    for (const returnTo of ['https://evil.example/x', '//evil.example', 'profile']) {
      const response = await api.post('/api/verification/start', { return_to: returnTo });
      expect(response.statusCode, returnTo).toBe(400);
    }
    const redirectUrl = await start(api);
    for (const outcome of ['maybe', 1, null]) {
      expect((await complete(client(server), redirectUrl, outcome as string)).statusCode).toBe(400);
    }
    expect((await client(server).get('/sandbox/identity/nope')).statusCode).toBe(404);
    expect((await complete(client(server), '/sandbox/identity/nope', 'approved')).statusCode).toBe(
      404,
    );
    const garbage = await webhook('x', 'approved', { signature: undefined });
    expect(garbage.statusCode).toBe(200);
    const unreadable = await server.app.inject({
      method: 'POST',
      url: '/api/verification/webhook/sandbox',
      headers: {
        'content-type': 'text/plain',
        [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(
          server.config.sandboxIdentitySecret,
          'not json',
        ),
      },
      payload: 'not json',
    });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().err_key).toBe('validation_failed');
    expect((await check(api)).status).toBe('pending');
  });

  it('start and check need a session', async () => {
    const anonymous = client(server);
    expect((await anonymous.post('/api/verification/start', {})).statusCode).toBe(401);
    expect((await anonymous.get('/api/verification/check')).statusCode).toBe(401);
  });
});
