import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payout } from '@glimpse/contract';
import { startTestServer, type Client, type TestServer } from '../../../test/harness.ts';
import { signedUpUser } from '../../../test/factories.ts';
import {
  SANDBOX_SIGNATURE_HEADER,
  signSandboxBody,
} from '../../../platform/http/sandbox-signature.ts';
import { earningCreator, waitFor } from '../../money/providers/test/payments-fixtures.ts';
import { setBankAccount } from '../../money/providers/test/payout-method-fixtures.ts';
import { linesOf, turnOff } from './test/event-fixtures.ts';

/** Events the system settles from a provider's webhook: payouts, identity verification. */

let server: TestServer;
/** The sandbox settles every payout of this one as failed. */
let failing: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  failing = await startTestServer({ sandboxPayoutOutcome: 'failed' });
  // The sandbox provider settles payouts with a webhook to the listening address.
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  await failing.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all([server?.stop(), failing?.stop()]);
});

async function paidOut(on: TestServer) {
  const earning = await earningCreator(on, 5_000);
  await setBankAccount(earning.creator.client);
  const asked = await earning.creator.client.request({
    method: 'POST',
    url: '/api/wallet/payouts',
    payload: {},
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(asked.statusCode).toBe(201);
  const [payout] = await waitFor(
    async () => (await earning.creator.client.get('/api/wallet/payouts')).json<Payout[]>(),
    (list) => list.length > 0 && list.every((p) => p.status !== 'pending'),
  );
  return { ...earning, payout: payout! };
}

describe('payout_paid / payout_failed', () => {
  it('tells the creator once that the payout was paid, and nobody else', async () => {
    const { creator, buyer, payout } = await paidOut(server);
    expect(payout.status).toBe('paid');
    expect(await linesOf(server, creator.user.id, 'payout_paid')).toEqual([
      expect.objectContaining({
        actorId: null,
        subject: { kind: 'wallet', id: expect.any(String) },
        data: expect.objectContaining({ amount: 40 }),
        emailDue: 'immediate',
      }),
    ]);
    expect(await linesOf(server, creator.user.id, 'payout_failed')).toEqual([]);
    expect(await linesOf(server, buyer.user.id)).toEqual([]);
  });

  it('tells the creator once that the payout failed', async () => {
    const { creator, payout } = await paidOut(failing);
    expect(payout.status).toBe('failed');
    expect(await linesOf(failing, creator.user.id, 'payout_failed')).toEqual([
      expect.objectContaining({ actorId: null, data: expect.objectContaining({ amount: 40 }) }),
    ]);
    expect(await linesOf(failing, creator.user.id, 'payout_paid')).toEqual([]);
  });
});

/** A signed sandbox identity webhook, as the sandbox page sends it. */
function identityWebhook(sessionId: string, outcome: 'approved' | 'rejected', eventId?: string) {
  const body = JSON.stringify({
    id: eventId ?? `evt_${randomBytes(6).toString('hex')}`,
    type: `verification.${outcome}`,
    created: Math.floor(Date.now() / 1000),
    data: { session_id: sessionId },
  });
  return server.app.inject({
    method: 'POST',
    url: '/api/verification/webhook/sandbox',
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(server.config.sandboxIdentitySecret, body),
    },
    payload: body,
  });
}

async function startCheck(api: Client): Promise<string> {
  const response = await api.post('/api/verification/start', { return_to: '/profile' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ redirectUrl: string }>().redirectUrl.split('/').pop()!;
}

describe('verification_decided', () => {
  it('tells the user of each decision once, however often the webhook comes', async () => {
    const { user, client } = await signedUpUser(server);
    const other = await signedUpUser(server);
    const rejected = await startCheck(client);
    const event = `evt_${randomBytes(6).toString('hex')}`;
    expect((await identityWebhook(rejected, 'rejected', event)).statusCode).toBe(200);
    await identityWebhook(rejected, 'rejected', event);
    await identityWebhook(rejected, 'rejected');
    const approved = await startCheck(client);
    await identityWebhook(approved, 'approved');
    await identityWebhook(approved, 'approved');
    // A late rejection does not undo an approval, and says nothing.
    await identityWebhook(approved, 'rejected');

    expect(
      (await linesOf(server, user.id)).map((line) => [line.type, line.data, line.actorId]),
    ).toEqual([
      ['verification_decided', { outcome: 'rejected' }, null],
      ['verification_decided', { outcome: 'approved' }, null],
    ]);
    expect(await linesOf(server, other.user.id)).toEqual([]);
  });

  it('writes no line for a user who turned it off', async () => {
    const { user, client } = await signedUpUser(server);
    await turnOff(server, user.id, 'verification_decided');
    await identityWebhook(await startCheck(client), 'approved');
    expect(await linesOf(server, user.id)).toEqual([]);
  });
});
