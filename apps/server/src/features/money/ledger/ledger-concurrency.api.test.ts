import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '@glimpse/contract';
import { inTransaction } from '../../../platform/db/transaction.ts';
import { client, startTestServer, type TestServer } from '../../../test/harness.ts';
import { signedUpUser } from '../../../test/factories.ts';
import { seedStory } from '../../../test/access-fixtures.ts';
import { verifyUser } from '../../../test/stories.ts';
import { accounts } from './ledger-accounts.ts';
import { balanceCents, transfer } from './ledger.service.ts';
import {
  answersByKey,
  expectOneTransferPerKey,
  seeded,
  sendWhileSampling,
  withRetriesMixedIn,
} from './test/concurrent-payments.ts';
import { fundWallet, insertUsers, ledgerViolations } from './test/ledger-fixtures.ts';
import { TEST_PAY_URL, payingTestApp } from './test/paying-test-app.ts';

let server: TestServer;
let payApp: FastifyInstance;

beforeAll(async () => {
  server = await startTestServer();
  payApp = await payingTestApp(server);
});
afterAll(async () => {
  await payApp?.close();
  await server?.stop();
});

interface PayCall {
  key: string;
  creatorId: number;
  amount: number;
}

describe('200 concurrent paying requests against one wallet, 20% of them retries', () => {
  it('never overdraws, charges each key once and replays it identically', async () => {
    const { user: payer, client: api } = await signedUpUser(server);
    const creators = await insertUsers(server, 3);
    const initialCents = 10_000;
    await fundWallet(server, payer.id, initialCents);

    const next = seeded(20_261_123);
    const distinct: PayCall[] = Array.from({ length: 160 }, () => ({
      key: randomUUID(),
      creatorId: creators[next(creators.length)]!,
      amount: (100 + next(900)) / 100,
    }));
    // 40 retries of earlier keys with the very same parameters, mixed in among the rest.
    const calls = withRetriesMixedIn(distinct, 40, next);

    const payerClient = client({ ...server, app: payApp }, { cookie: api.cookie! });
    const responses = await sendWhileSampling(server, payer.id, () =>
      Promise.all(
        calls.map((call) =>
          payerClient.request({
            method: 'POST',
            url: TEST_PAY_URL,
            headers: { 'idempotency-key': call.key },
            payload: { creator_id: call.creatorId, amount: call.amount },
          }),
        ),
      ),
    );

    const byKey = answersByKey(calls, responses);

    const outcomes = responses.map((r) =>
      r.statusCode === 200 ? '200' : `${r.statusCode} ${r.json().err_key}`,
    );
    expect(new Set(outcomes)).toEqual(new Set(['200', '400 insufficient_funds']));

    let chargedCents = 0;
    const refusedAmounts: number[] = [];
    for (const { call, answers } of byKey.values()) {
      const statuses = new Set(answers.map((a) => a.statusCode));
      // A key is either charged (every answer the same body) or refused every time: the balance
      // only falls, so a refused amount never fits later.
      expect(statuses.size, call.key).toBe(1);
      if (statuses.has(200)) {
        expect(new Set(answers.map((a) => a.body)).size, call.key).toBe(1);
        chargedCents += toCents(call.amount);
      } else {
        refusedAmounts.push(toCents(call.amount));
      }
    }
    const replayed = responses.filter((r) => r.headers['idempotent-replayed'] === 'true').length;
    expect(replayed).toBeGreaterThan(0);

    const finalCents = await balanceCents(server.ctx, accounts.wallet(payer.id));
    expect(finalCents).toBe(initialCents - chargedCents);
    expect(finalCents).toBeGreaterThanOrEqual(0);
    expect(chargedCents).toBeLessThanOrEqual(initialCents);
    // Every refusal was real: when it was refused the balance was below its amount, and the
    // balance only fell after that.
    for (const amount of refusedAmounts) expect(amount).toBeGreaterThan(finalCents);

    const charged = [...byKey.values()].filter(({ answers }) => answers[0]!.statusCode === 200);
    await expectOneTransferPerKey(
      server,
      payer.id,
      charged.map(({ call }) => call.key),
    );
    expect(await ledgerViolations(server.ctx.db)).toEqual([]);
  }, 120_000);
});

describe('transfers crossing the same accounts in opposite directions', () => {
  it('lock in one order: no deadlock, every transfer lands', async () => {
    const [a, b] = await insertUsers(server, 2);
    await fundWallet(server, a!, 5_000);
    await fundWallet(server, b!, 5_000);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => {
        const [from, to] = i % 2 === 0 ? [a!, b!] : [b!, a!];
        return inTransaction(server.ctx.db, (tx) =>
          transfer(
            { db: tx, config: server.ctx.config },
            {
              kind: 'tip',
              initiatorId: from,
              idempotencyKey: `cross-${i}`,
              legs: [
                { account: accounts.wallet(from), amountCents: -10 },
                { account: accounts.wallet(to), amountCents: 9 },
                { account: accounts.platformRevenue(), amountCents: 1 },
              ],
            },
          ),
        );
      }),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(await balanceCents(server.ctx, accounts.wallet(a!))).toBe(5_000 - 50);
    expect(await balanceCents(server.ctx, accounts.wallet(b!))).toBe(5_000 - 50);
    expect(await ledgerViolations(server.ctx.db)).toEqual([]);
  }, 120_000);
});

describe('200 concurrent unlocks and tips through the real endpoints, 20% retries', () => {
  it('never overdraws, sums every transfer to zero and charges each key once', async () => {
    const { user: payer, client: api } = await signedUpUser(server);
    const creators = await insertUsers(server, 3);
    for (const id of creators) await verifyUser(server, id);
    const initialCents = 10_000;
    await fundWallet(server, payer.id, initialCents);

    const next = seeded(20_261_124);
    type Call = { key: string; kind: 'unlock' | 'tip'; cents: number; url: string; body?: object };
    const distinct: Call[] = [];
    for (let i = 0; i < 160; i += 1) {
      const creatorId = creators[next(creators.length)]!;
      const cents = 100 + next(900);
      if (i % 2 === 0) {
        const story = await seedStory(server, creatorId, { priceCents: cents });
        distinct.push({
          key: randomUUID(),
          kind: 'unlock',
          cents,
          url: `/api/stories/${story.id}/unlock`,
        });
      } else {
        const body = { user_id: creatorId, amount: cents / 100 };
        distinct.push({ key: randomUUID(), kind: 'tip', cents, url: '/api/tips', body });
      }
    }
    const calls = withRetriesMixedIn(distinct, 40, next);

    const responses = await sendWhileSampling(server, payer.id, () =>
      Promise.all(
        calls.map((call) =>
          api.request({
            method: 'POST',
            url: call.url,
            headers: { 'idempotency-key': call.key },
            ...(call.body ? { payload: call.body } : {}),
          }),
        ),
      ),
    );

    const paid = (r: LightMyRequestResponse) =>
      r.statusCode === 200 && (r.json().status === true || r.json().success === true);
    const refused = (r: LightMyRequestResponse, kind: Call['kind']) =>
      kind === 'unlock'
        ? r.statusCode === 200 && r.json().err_key === 'insufficient_funds'
        : r.statusCode === 400 && r.json().err_key === 'insufficient_funds';
    const byKey = answersByKey(calls, responses);

    let chargedCents = 0;
    const refusedCents: number[] = [];
    const chargedKeys: string[] = [];
    for (const { call, answers } of byKey.values()) {
      for (const answer of answers)
        expect(paid(answer) || refused(answer, call.kind), `${call.key} ${answer.body}`).toBe(true);
      const outcomes = new Set(answers.map((a) => a.body));
      expect(outcomes.size, call.key).toBe(1);
      if (paid(answers[0]!)) {
        chargedCents += call.cents;
        chargedKeys.push(call.key);
      } else {
        refusedCents.push(call.cents);
      }
    }
    expect(chargedKeys.length).toBeGreaterThan(0);
    expect(refusedCents.length).toBeGreaterThan(0);
    const replayed = responses.filter((r) => r.headers['idempotent-replayed'] === 'true').length;
    expect(replayed).toBeGreaterThan(0);

    const finalCents = await balanceCents(server.ctx, accounts.wallet(payer.id));
    expect(finalCents).toBe(initialCents - chargedCents);
    expect(finalCents).toBeGreaterThanOrEqual(0);
    for (const cents of refusedCents) expect(cents).toBeGreaterThan(finalCents);

    await expectOneTransferPerKey(server, payer.id, chargedKeys);
    // Every charge left its domain row: one unlock or one tip per charged key.
    const rows = await server.ctx.db.execute<{ n: number }>(sql`
      select (select count(*)::int from story_unlocks where user_id = ${payer.id})
        + (select count(*)::int from tips where tipper_id = ${payer.id}) as n`);
    expect(rows.rows[0]!.n).toBe(chargedKeys.length);
    expect(await ledgerViolations(server.ctx.db)).toEqual([]);
  }, 180_000);
});
