import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { storyUnlocks, subscriptions, tips, users } from '../../db/schema/index.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { seedStory } from '../../test/access-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { purchaseReversals } from '../purchases/purchase-reversals.ts';
import { sweepSubscriptions } from '../purchases/subscription-renewal.ts';
import { subscribe } from '../purchases/subscriptions.service.ts';
import { sendTip } from '../purchases/tips.service.ts';
import { unlockStory } from '../purchases/unlock.service.ts';
import { accounts } from './ledger-accounts.ts';
import { purchaseLegs, splitPrice, topUpLegs } from './ledger-rules.ts';
import { balanceCents, reverseTransfer, transfer } from './ledger.service.ts';
import { insertUsers, ledgerViolations } from './test/ledger-fixtures.ts';

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

const FEE_PERCENT = 20;
const PAYERS = 3;
const CREATORS = 2;
/** Each creator's one priced story and monthly subscription price. */
const STORY_PRICE = 700;
const MONTHLY_PRICE = 900;

interface Payment {
  key: string;
  /** `raw`: a bare ledger payment with no domain row. */
  kind: 'raw' | 'tip' | 'unlock' | 'subscription';
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
  /** `payer:creator` pairs: story unlocked, subscription period live (its transfer). */
  unlocked: Set<string>;
  subscribed: Map<string, number>;
}

interface Real {
  payers: number[];
  creators: number[];
  stories: number[];
  revenueAtStart: number;
  clearingAtStart: number;
}

const pair = (payer: number, creator: number) => `${payer}:${creator}`;

/** Charges the model for a purchase from a wallet and records it for refunds. */
function charge(model: Model, payment: Omit<Payment, 'refunded'>) {
  const { feeCents, creatorCents } = splitPrice(payment.priceCents, FEE_PERCENT);
  model.wallets[payment.payer]! -= payment.priceCents;
  model.pending[payment.creator]! += creatorCents;
  model.revenue += feeCents;
  model.payments.push({ ...payment, refunded: false });
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
      if (payment.kind !== 'raw') await purchaseReversals[payment.kind](tx, payment.transferId);
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

/** A tip through the tips service: refused with insufficient_funds when the wallet is short. */
class Tip implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly payer: number,
    readonly creator: number,
    readonly cents: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const payerId = real.payers[this.payer]!;
    const creatorId = real.creators[this.creator]!;
    const key = randomUUID();
    const attempt = sendTip(
      server.ctx,
      payerId,
      { user_id: creatorId, amount: this.cents / 100, message: '', mode: 'send' },
      key,
    );
    if (model.wallets[this.payer]! < this.cents) {
      await expect(attempt).rejects.toMatchObject({ errKey: 'insufficient_funds' });
    } else {
      expect((await attempt).body).toEqual({ success: true });
      const [tip] = await server.ctx.db
        .select({ transferId: tips.transferId })
        .from(tips)
        .where(sql`${tips.tipperId} = ${payerId}`)
        .orderBy(sql`${tips.id} desc`)
        .limit(1);
      charge(model, {
        key,
        kind: 'tip',
        payer: this.payer,
        creator: this.creator,
        priceCents: this.cents,
        transferId: tip!.transferId,
      });
    }
    await expectMatches(model, real);
  }
  toString = () => `tip(payer ${this.payer} -> creator ${this.creator}, ${this.cents})`;
}

/** Unlocks the creator's priced story: free when already open (bought or subscribed). */
class Unlock implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly payer: number,
    readonly creator: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const payerId = real.payers[this.payer]!;
    const storyId = real.stories[this.creator]!;
    const key = randomUUID();
    const answer = await unlockStory(server.ctx, payerId, storyId, key);
    const id = pair(this.payer, this.creator);
    if (model.unlocked.has(id) || model.subscribed.has(id)) {
      expect(answer.body).toEqual({ status: true });
    } else if (model.wallets[this.payer]! < STORY_PRICE) {
      expect(answer.body).toEqual({ status: false, err_key: 'insufficient_funds' });
    } else {
      expect(answer.body).toEqual({ status: true });
      const [row] = await server.ctx.db
        .select({ transferId: storyUnlocks.transferId })
        .from(storyUnlocks)
        .where(and(eq(storyUnlocks.userId, payerId), eq(storyUnlocks.storyId, storyId)));
      model.unlocked.add(id);
      charge(model, {
        key,
        kind: 'unlock',
        payer: this.payer,
        creator: this.creator,
        priceCents: STORY_PRICE,
        transferId: row!.transferId!,
      });
    }
    await expectMatches(model, real);
  }
  toString = () => `unlock(payer ${this.payer} -> creator ${this.creator})`;
}

async function livePeriodTransfer(payerId: number, creatorId: number): Promise<number> {
  const [row] = await server.ctx.db
    .select({ transferId: subscriptions.transferId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.subscriberId, payerId),
        eq(subscriptions.creatorId, creatorId),
        sql`${subscriptions.settledAt} is null`,
      ),
    );
  return row!.transferId!;
}

/** A month's subscription for someone not subscribed; a short wallet gets a top-up link. */
class Subscribe implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly payer: number,
    readonly creator: number,
  ) {}
  check = (model: Readonly<Model>) => !model.subscribed.has(pair(this.payer, this.creator));
  async run(model: Model, real: Real) {
    const payerId = real.payers[this.payer]!;
    const creatorId = real.creators[this.creator]!;
    const key = randomUUID();
    const answer = await subscribe(server.ctx, payerId, creatorId, 1, key);
    if (model.wallets[this.payer]! < MONTHLY_PRICE) {
      expect(answer.body).toHaveProperty('redirectUrl');
    } else {
      expect(answer.body).toEqual({ success: true });
      const transferId = await livePeriodTransfer(payerId, creatorId);
      model.subscribed.set(pair(this.payer, this.creator), transferId);
      charge(model, {
        key,
        kind: 'subscription',
        payer: this.payer,
        creator: this.creator,
        priceCents: MONTHLY_PRICE,
        transferId,
      });
    }
    await expectMatches(model, real);
  }
  toString = () => `subscribe(payer ${this.payer} -> creator ${this.creator})`;
}

/** The live period runs out and the sweeper renews it from the wallet, or ends it. */
class Renew implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly payer: number,
    readonly creator: number,
  ) {}
  check = (model: Readonly<Model>) => model.subscribed.has(pair(this.payer, this.creator));
  async run(model: Model, real: Real) {
    const payerId = real.payers[this.payer]!;
    const creatorId = real.creators[this.creator]!;
    await server.ctx.db
      .update(subscriptions)
      .set({
        startsAt: sql`now() - interval '31 days'`,
        expiresAt: sql`now() - interval '1 second'`,
      })
      .where(
        and(
          eq(subscriptions.subscriberId, payerId),
          eq(subscriptions.creatorId, creatorId),
          sql`${subscriptions.settledAt} is null`,
        ),
      );
    await sweepSubscriptions(server.ctx);
    const id = pair(this.payer, this.creator);
    if (model.wallets[this.payer]! < MONTHLY_PRICE) {
      model.subscribed.delete(id);
    } else {
      const transferId = await livePeriodTransfer(payerId, creatorId);
      model.subscribed.set(id, transferId);
      charge(model, {
        key: `renewal-${transferId}`,
        kind: 'subscription',
        payer: this.payer,
        creator: this.creator,
        priceCents: MONTHLY_PRICE,
        transferId,
      });
    }
    await expectMatches(model, real);
  }
  toString = () => `renew(payer ${this.payer} -> creator ${this.creator})`;
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
