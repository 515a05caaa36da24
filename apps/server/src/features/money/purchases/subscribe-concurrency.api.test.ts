import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { accounts } from '../ledger/ledger-accounts.ts';
import { balanceCents } from '../ledger/ledger.service.ts';
import { fundWallet, ledgerViolations } from '../ledger/test/ledger-fixtures.ts';
import { creator, pay, viewer } from './test/purchase-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('subscribe requests sent together under different keys', () => {
  it('charge one period; the others answer what the first did', async () => {
    const seller = await creator(server, { subscribePriceCents: 500 });
    const fan = await viewer(server);
    await fundWallet(server, fan.id, 10_000);

    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        pay(fan.client, 'POST', `/api/users/${seller.id}/subscribe`, { period: 1 }, randomUUID()),
      ),
    );

    expect(answers.map((a) => [a.statusCode, a.json()])).toEqual(
      Array.from({ length: 6 }, () => [200, { success: true }]),
    );
    expect(await balanceCents(server.ctx, accounts.wallet(fan.id))).toBe(10_000 - 500);
    const periods = await server.ctx.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.subscriberId, fan.id), eq(subscriptions.creatorId, seller.id)));
    expect(periods).toHaveLength(1);
    const state = (await fan.client.get(`/api/users/${seller.id}/subscription`)).json();
    const days = (Date.parse(state.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    expect(await ledgerViolations(server.ctx.db)).toEqual([]);
  });
});
