import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestServer } from '../../../../test/harness.ts';
import { accounts } from '../ledger-accounts.ts';
import { balanceCents } from '../ledger.service.ts';

/** What the concurrent paying tests share: the same storm of requests, read the same way. */

/** A small deterministic generator: the same requests on every run. */
export function seeded(seed: number): (below: number) => number {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

/** The distinct calls plus `retries` repeats of earlier ones (same key, same parameters), shuffled. */
export function withRetriesMixedIn<C>(
  distinct: C[],
  retries: number,
  next: (below: number) => number,
): C[] {
  const calls = [
    ...distinct,
    ...Array.from({ length: retries }, () => distinct[next(distinct.length)]!),
  ];
  for (let i = calls.length - 1; i > 0; i -= 1) {
    const j = next(i + 1);
    [calls[i], calls[j]] = [calls[j]!, calls[i]!];
  }
  return calls;
}

/** Sends everything at once while sampling the payer's balance, which must never go below 0. */
export async function sendWhileSampling(
  server: TestServer,
  payerId: number,
  send: () => Promise<LightMyRequestResponse[]>,
): Promise<LightMyRequestResponse[]> {
  let running = true;
  const samples: number[] = [];
  const sampler = (async () => {
    while (running) {
      samples.push(await balanceCents(server.ctx, accounts.wallet(payerId)));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const responses = await send().finally(() => {
    running = false;
  });
  await sampler;
  expect(samples.length).toBeGreaterThan(0);
  expect(Math.min(...samples)).toBeGreaterThanOrEqual(0);
  return responses;
}

/** Each key's call with every answer it got. */
export function answersByKey<C extends { key: string }>(
  calls: C[],
  responses: LightMyRequestResponse[],
): Map<string, { call: C; answers: LightMyRequestResponse[] }> {
  const byKey = new Map<string, { call: C; answers: LightMyRequestResponse[] }>();
  calls.forEach((call, index) => {
    const entry = byKey.get(call.key) ?? { call, answers: [] };
    entry.answers.push(responses[index]!);
    byKey.set(call.key, entry);
  });
  return byKey;
}

/** One ledger transfer per charged key and none for the others. */
export async function expectOneTransferPerKey(
  server: TestServer,
  payerId: number,
  chargedKeys: string[],
): Promise<void> {
  const transfers = await server.ctx.db.execute<{ key: string; n: number }>(sql`
    select idempotency_key as key, count(*)::int as n from ledger_transfers
    where initiator_id = ${payerId} group by idempotency_key`);
  expect(transfers.rows.every((row) => row.n === 1)).toBe(true);
  expect(transfers.rows.map((row) => row.key).sort()).toEqual([...chargedKeys].sort());
}
