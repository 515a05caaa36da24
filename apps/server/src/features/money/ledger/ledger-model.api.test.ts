import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { users } from '../../../db/schema/index.ts';
import { inTransaction } from '../../../platform/db/transaction.ts';
import { seedStory } from '../../../test/access-fixtures.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { revokePurchase } from '../purchases/purchase-reversals.ts';
import { accounts } from './ledger-accounts.ts';
import { purchaseLegs, splitPrice, topUpLegs } from './ledger-rules.ts';
import { balanceCents, reverseTransfer, transfer } from './ledger.service.ts';
import { insertUsers } from './test/ledger-fixtures.ts';
import {
  CREATORS,
  expectMatches,
  FEE_PERCENT,
  MONTHLY_PRICE,
  pair,
  PAYERS,
  STORY_PRICE,
  type Model,
  type Real,
} from './test/ledger-model.ts';
import { Renew, Subscribe, Tip, Unlock } from './test/ledger-model-purchases.ts';

/**
 * Model-based test: random sequences of top-ups (money in through provider clearing), payments
 * to creators, retries of earlier payments, refunds (reversals, also repeated, undoing the
 * purchase's domain row too), and the real purchases (tip, unlock, subscribe, renewal by the
 * sweeper) run against the ledger and against a plain in-memory model. After every step the
 * balances match the model and the ledger's invariants hold.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const ledger = () => ({ config: server.ctx.config });
const write = (request: Parameters<typeof transfer>[1]) =>
  inTransaction(server.ctx.db, (tx) => transfer({ db: tx, ...ledger() }, request));

class TopUp implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly payer: number,
    readonly cents: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    await write({
      kind: 'top_up',
      initiatorId: null,
      idempotencyKey: randomUUID(),
      legs: topUpLegs(real.payers[this.payer]!, this.cents),
    });
    model.wallets[this.payer]! += this.cents;
    model.clearing -= this.cents;
    await expectMatches(model, real);
  }
  toString = () => `topUp(payer ${this.payer}, ${this.cents})`;
}

class Pay implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly payer: number,
    readonly creator: number,
    readonly priceCents: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const key = randomUUID();
    const payerId = real.payers[this.payer]!;
    const attempt = write({
      kind: 'unlock',
      initiatorId: payerId,
      idempotencyKey: key,
      legs: purchaseLegs(payerId, real.creators[this.creator]!, this.priceCents, FEE_PERCENT),
    });
    if (model.wallets[this.payer]! < this.priceCents) {
      await expect(attempt).rejects.toMatchObject({ errKey: 'insufficient_funds' });
    } else {
      const { transferId } = await attempt;
      const { feeCents, creatorCents } = splitPrice(this.priceCents, FEE_PERCENT);
      model.wallets[this.payer]! -= this.priceCents;
      model.pending[this.creator]! += creatorCents;
      model.revenue += feeCents;
      model.payments.push({
        key,
        kind: 'raw',
        payer: this.payer,
        creator: this.creator,
        priceCents: this.priceCents,
        transferId,
        refunded: false,
      });
    }
    await expectMatches(model, real);
  }
  toString = () => `pay(payer ${this.payer} -> creator ${this.creator}, ${this.priceCents})`;
}

/** The same payment sent again with its key: answered by the first, nothing moves. */
class Retry implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  // Bare ledger payments only: a purchase's key belongs to its service's own transfer.
  check = (model: Readonly<Model>) => model.payments.some((p) => p.kind === 'raw');
  async run(model: Model, real: Real) {
    const raw = model.payments.filter((p) => p.kind === 'raw');
    const payment = raw[this.pick % raw.length]!;
    const payerId = real.payers[payment.payer]!;
    const receipt = await write({
      kind: 'unlock',
      initiatorId: payerId,
      idempotencyKey: payment.key,
      legs: purchaseLegs(payerId, real.creators[payment.creator]!, payment.priceCents, FEE_PERCENT),
    });
    expect(receipt).toMatchObject({ transferId: payment.transferId, replayed: true });
    await expectMatches(model, real);
  }
  toString = () => `retry(#${this.pick})`;
}

/** Reverses a payment; a payment already reversed answers its first reversal. */
class Refund implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.payments.length > 0;
  async run(model: Model, real: Real) {
    const payment = model.payments[this.pick % model.payments.length]!;
    const receipt = await inTransaction(server.ctx.db, async (tx) => {
      const reversal = await reverseTransfer(
        { db: tx, ...ledger() },
        {
          transferId: payment.transferId,
          kind: 'refund',
          initiatorId: null,
          idempotencyKey: randomUUID(),
        },
      );
      if (payment.kind !== 'raw') await revokePurchase(tx, payment.kind, payment.transferId);
      return reversal;
    });
    expect(receipt.replayed).toBe(payment.refunded);
    if (!payment.refunded) {
      const key = pair(payment.payer, payment.creator);
      if (payment.kind === 'unlock') model.unlocked.delete(key);
      if (payment.kind === 'subscription' && model.subscribed.get(key) === payment.transferId)
        model.subscribed.delete(key);
      const { feeCents, creatorCents } = splitPrice(payment.priceCents, FEE_PERCENT);
      model.wallets[payment.payer]! += payment.priceCents;
      model.pending[payment.creator]! -= creatorCents;
      model.revenue -= feeCents;
      payment.refunded = true;
    }
    await expectMatches(model, real);
  }
  toString = () => `refund(#${this.pick})`;
}

const commands = [
  fc
    .tuple(fc.nat(PAYERS - 1), fc.integer({ min: 1, max: 5_000 }))
    .map(([payer, cents]) => new TopUp(payer, cents)),
  fc
    .tuple(fc.nat(PAYERS - 1), fc.nat(CREATORS - 1), fc.integer({ min: 1, max: 3_000 }))
    .map(([payer, creator, price]) => new Pay(payer, creator, price)),
  fc.nat(1_000).map((pick) => new Retry(pick)),
  fc.nat(1_000).map((pick) => new Refund(pick)),
  fc
    .tuple(fc.nat(PAYERS - 1), fc.nat(CREATORS - 1), fc.integer({ min: 1, max: 3_000 }))
    .map(([payer, creator, cents]) => new Tip(payer, creator, cents)),
  fc
    .tuple(fc.nat(PAYERS - 1), fc.nat(CREATORS - 1))
    .map(([payer, creator]) => new Unlock(payer, creator)),
  fc
    .tuple(fc.nat(PAYERS - 1), fc.nat(CREATORS - 1))
    .map(([payer, creator]) => new Subscribe(payer, creator)),
  fc
    .tuple(fc.nat(PAYERS - 1), fc.nat(CREATORS - 1))
    .map(([payer, creator]) => new Renew(payer, creator)),
];

describe('the ledger against an in-memory model', () => {
  it('agrees after every step of top-ups, payments, retries, refunds, tips, unlocks, subscriptions and renewals', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 30, size: 'max' }), async (cmds) => {
        const people = await insertUsers(server, PAYERS + CREATORS);
        const creators = people.slice(PAYERS);
        await server.ctx.db
          .update(users)
          .set({ verifyOndatoAt: new Date(), subscribePriceCents: MONTHLY_PRICE })
          .where(sql`${users.id} = any(${sql.param(creators)}::int[])`);
        const storyIds: number[] = [];
        for (const id of creators)
          storyIds.push((await seedStory(server, id, { priceCents: STORY_PRICE })).id);
        const real: Real = {
          server,
          payers: people.slice(0, PAYERS),
          creators,
          stories: storyIds,
          revenueAtStart: await balanceCents(server.ctx, accounts.platformRevenue()),
          clearingAtStart: await balanceCents(server.ctx, accounts.providerClearing()),
        };
        const model: Model = {
          wallets: Array<number>(PAYERS).fill(0),
          pending: Array<number>(CREATORS).fill(0),
          revenue: 0,
          clearing: 0,
          payments: [],
          unlocked: new Set(),
          subscribed: new Map(),
        };
        await fc.asyncModelRun(() => ({ model, real }), cmds);
      }),
      { numRuns: 40, seed: Number(process.env.LEDGER_MODEL_SEED ?? 20_261_123) },
    );
  }, 300_000);
});
