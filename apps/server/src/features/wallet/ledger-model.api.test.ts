import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/transaction.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { accounts } from './ledger-accounts.ts';
import { purchaseLegs, splitPrice, topUpLegs } from './ledger-rules.ts';
import { balanceCents, reverseTransfer, transfer } from './ledger.service.ts';
import { insertUsers, ledgerViolations } from './test/ledger-fixtures.ts';

/**
 * Model-based test: random sequences of top-ups (money in through provider clearing), payments
 * to creators, retries of earlier payments, and refunds (reversals, also repeated) run against
 * the ledger and against a plain in-memory model. After every step the balances match the
 * model and the ledger's invariants hold.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const FEE_PERCENT = 20;
const PAYERS = 3;
const CREATORS = 2;

interface Payment {
  key: string;
  payer: number;
  creator: number;
  priceCents: number;
  transferId: number;
  refunded: boolean;
}

interface Model {
  wallets: number[];
  pending: number[];
  /** Platform revenue and provider clearing moved by this run (shared accounts). */
  revenue: number;
  clearing: number;
  payments: Payment[];
}

interface Real {
  payers: number[];
  creators: number[];
  revenueAtStart: number;
  clearingAtStart: number;
}

const ledger = () => ({ config: server.ctx.config });
const write = (request: Parameters<typeof transfer>[1]) =>
  inTransaction(server.ctx.db, (tx) => transfer({ db: tx, ...ledger() }, request));

async function expectMatches(model: Model, real: Real): Promise<void> {
  for (const [i, id] of real.payers.entries())
    expect(await balanceCents(server.ctx, accounts.wallet(id)), `wallet ${i}`).toBe(
      model.wallets[i],
    );
  for (const [i, id] of real.creators.entries())
    expect(await balanceCents(server.ctx, accounts.earningsPending(id)), `pending ${i}`).toBe(
      model.pending[i],
    );
  expect(await balanceCents(server.ctx, accounts.platformRevenue())).toBe(
    real.revenueAtStart + model.revenue,
  );
  expect(await balanceCents(server.ctx, accounts.providerClearing())).toBe(
    real.clearingAtStart + model.clearing,
  );
  expect(model.wallets.every((w) => w >= 0)).toBe(true);
  expect(await ledgerViolations(server.ctx.db)).toEqual([]);
}

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
  check = (model: Readonly<Model>) => model.payments.length > 0;
  async run(model: Model, real: Real) {
    const payment = model.payments[this.pick % model.payments.length]!;
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
    const receipt = await inTransaction(server.ctx.db, (tx) =>
      reverseTransfer(
        { db: tx, ...ledger() },
        {
          transferId: payment.transferId,
          kind: 'refund',
          initiatorId: null,
          idempotencyKey: randomUUID(),
        },
      ),
    );
    expect(receipt.replayed).toBe(payment.refunded);
    if (!payment.refunded) {
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
];

describe('the ledger against an in-memory model', () => {
  it('agrees after every step of random top-ups, payments, retries and refunds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (cmds) => {
        const people = await insertUsers(server, PAYERS + CREATORS);
        const real: Real = {
          payers: people.slice(0, PAYERS),
          creators: people.slice(PAYERS),
          revenueAtStart: await balanceCents(server.ctx, accounts.platformRevenue()),
          clearingAtStart: await balanceCents(server.ctx, accounts.providerClearing()),
        };
        const model: Model = {
          wallets: Array<number>(PAYERS).fill(0),
          pending: Array<number>(CREATORS).fill(0),
          revenue: 0,
          clearing: 0,
          payments: [],
        };
        await fc.asyncModelRun(() => ({ model, real }), cmds);
      }),
      { numRuns: 12, seed: Number(process.env.LEDGER_MODEL_SEED ?? 20_261_123) },
    );
  }, 300_000);
});
