import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { storyUnlocks, users } from '../../../../db/schema/index.ts';
import { inTransaction } from '../../../../platform/db/transaction.ts';
import { seedStory } from '../../../../test/access-fixtures.ts';
import type { Client, TestServer } from '../../../../test/harness.ts';
import { signedUpUser } from '../../../../test/factories.ts';
import { releaseHeldEarnings } from '../../ledger/earnings-release.ts';
import { unlockStory } from '../../purchases/unlock.service.ts';
import { purchaseLegs } from '../../ledger/ledger-rules.ts';
import { transfer } from '../../ledger/ledger.service.ts';
import type { SandboxWireEvent } from '../sandbox-provider.ts';
import {
  SANDBOX_SIGNATURE_HEADER,
  signSandboxBody,
} from '../../../../platform/http/sandbox-signature.ts';

/** Tests only: driving the sandbox provider and the webhook as the outside world would. */

export async function startTopUp(api: Client, amount: number, returnTo?: string) {
  const response = await api.request({
    method: 'POST',
    url: '/api/wallet/top-up',
    payload: { amount, ...(returnTo ? { return_to: returnTo } : {}) },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { redirectUrl } = response.json<{ redirectUrl: string }>();
  return { redirectUrl, checkoutId: redirectUrl.split('/').pop()! };
}

export function completeCheckout(api: Client, redirectUrl: string, outcome: 'success' | 'fail') {
  return api.request({ method: 'POST', url: `${redirectUrl}/complete`, payload: { outcome } });
}

/** A sandbox webhook signed with `secret` (the server's unless told otherwise). */
export function sendSandboxWebhook(
  server: TestServer,
  api: Client,
  event: SandboxWireEvent,
  options: { secret?: string; nowSeconds?: number; tamper?: boolean } = {},
) {
  const body = JSON.stringify({ ...event, created: Math.floor(Date.now() / 1000) });
  const signature = signSandboxBody(
    options.secret ?? server.config.sandboxWebhookSecret,
    body,
    options.nowSeconds,
  );
  return api.request({
    method: 'POST',
    url: '/api/payments/webhook/sandbox',
    payload: options.tamper ? body.replace(/\d{3,}/, (n) => String(Number(n) * 10)) : body,
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
  });
}

/**
 * A purchase paid from the payer's wallet, creator share pending: a tip is a bare ledger
 * transfer; an unlock goes through the real unlock service on a new priced story, so a
 * refund's revocation can be checked on its `story_unlocks` row (`unlockHeld`).
 */
export async function purchase(
  server: TestServer,
  payerId: number,
  creatorId: number,
  cents: number,
  kind: 'unlock' | 'tip' = 'unlock',
): Promise<number> {
  if (kind === 'unlock') {
    const story = await seedStory(server, creatorId, { priceCents: cents });
    const answer = await unlockStory(server.ctx, payerId, story.id, randomUUID());
    expect(answer.body).toEqual({ status: true });
    const [row] = await server.ctx.db
      .select({ transferId: storyUnlocks.transferId })
      .from(storyUnlocks)
      .where(and(eq(storyUnlocks.userId, payerId), eq(storyUnlocks.storyId, story.id)));
    return row!.transferId!;
  }
  return inTransaction(server.ctx.db, async (tx) => {
    const receipt = await transfer(
      { db: tx, config: server.ctx.config },
      {
        kind,
        initiatorId: payerId,
        idempotencyKey: randomUUID(),
        legs: purchaseLegs(payerId, creatorId, cents, server.ctx.config.platformFeePercent),
        memo: { payerId, creatorId },
      },
    );
    return receipt.transferId;
  });
}

/** Whether the unlock paid by this transfer still opens its story. */
export async function unlockHeld(server: TestServer, transferId: number): Promise<boolean> {
  const rows = await server.ctx.db
    .select({ id: storyUnlocks.storyId })
    .from(storyUnlocks)
    .where(eq(storyUnlocks.transferId, transferId));
  return rows.length > 0;
}

const DAY = 86_400_000;

/**
 * A verified creator with `priceCents` of a buyer's purchase released to withdrawable (nowhere
 * to pay it to yet: payout-method-fixtures.ts sets that).
 */
export async function earningCreator(on: TestServer, priceCents: number) {
  const buyer = await signedUpUser(on);
  const creator = await signedUpUser(on);
  await verify(on, creator.user.id);
  const { redirectUrl, checkoutId } = await startTopUp(buyer.client, priceCents / 100 + 20);
  await completeCheckout(buyer.client, redirectUrl, 'success');
  const purchaseId = await purchase(on, buyer.user.id, creator.user.id, priceCents);
  await releaseHeldEarnings(on.ctx, new Date(Date.now() + 8 * DAY));
  return { buyer, creator, checkoutId, purchaseId };
}

export async function verify(server: TestServer, userId: number): Promise<void> {
  await server.ctx.db.update(users).set({ verifyOndatoAt: new Date() }).where(eq(users.id, userId));
}

export async function transferKinds(server: TestServer, userId: number): Promise<string[]> {
  const result = await server.ctx.db.execute<{ kind: string }>(sql`
    select t.kind from ledger_transfers t
    join ledger_entries e on e.transfer_id = t.id
    join ledger_accounts a on a.id = e.account_id
    where a.kind = 'wallet' and a.owner_id = ${userId} order by t.id`);
  return result.rows.map((row) => row.kind);
}

export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
