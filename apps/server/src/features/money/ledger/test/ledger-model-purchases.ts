import { randomUUID } from 'node:crypto';
import type fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { storyUnlocks, subscriptions, tips } from '../../../../db/schema/index.ts';
import { sweepSubscriptions } from '../../purchases/subscription-renewal.ts';
import { subscribe } from '../../purchases/subscriptions.service.ts';
import { sendTip } from '../../purchases/tips.service.ts';
import { unlockStory } from '../../purchases/unlock.service.ts';
import type { TestServer } from '../../../../test/harness.ts';
import {
  charge,
  expectMatches,
  MONTHLY_PRICE,
  pair,
  STORY_PRICE,
  type Model,
  type Real,
} from './ledger-model.ts';

/** The model test's commands that go through the purchase services (tip, unlock, subscribe, renew). */

/** A tip through the tips service: refused with insufficient_funds when the wallet is short. */
export class Tip implements fc.AsyncCommand<Model, Real> {
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
      real.server.ctx,
      payerId,
      { user_id: creatorId, amount: this.cents / 100, message: '', mode: 'send' },
      key,
    );
    if (model.wallets[this.payer]! < this.cents) {
      await expect(attempt).rejects.toMatchObject({ errKey: 'insufficient_funds' });
    } else {
      expect((await attempt).body).toEqual({ success: true });
      const [tip] = await real.server.ctx.db
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
export class Unlock implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly payer: number,
    readonly creator: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const payerId = real.payers[this.payer]!;
    const storyId = real.stories[this.creator]!;
    const key = randomUUID();
    const answer = await unlockStory(real.server.ctx, payerId, storyId, key);
    const id = pair(this.payer, this.creator);
    if (model.unlocked.has(id) || model.subscribed.has(id)) {
      expect(answer.body).toEqual({ status: true });
    } else if (model.wallets[this.payer]! < STORY_PRICE) {
      expect(answer.body).toEqual({ status: false, err_key: 'insufficient_funds' });
    } else {
      expect(answer.body).toEqual({ status: true });
      const [row] = await real.server.ctx.db
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

async function livePeriodTransfer(
  server: TestServer,
  payerId: number,
  creatorId: number,
): Promise<number> {
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
export class Subscribe implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly payer: number,
    readonly creator: number,
  ) {}
  check = (model: Readonly<Model>) => !model.subscribed.has(pair(this.payer, this.creator));
  async run(model: Model, real: Real) {
    const payerId = real.payers[this.payer]!;
    const creatorId = real.creators[this.creator]!;
    const key = randomUUID();
    const answer = await subscribe(real.server.ctx, payerId, creatorId, 1, key);
    if (model.wallets[this.payer]! < MONTHLY_PRICE) {
      expect(answer.body).toHaveProperty('redirectUrl');
    } else {
      expect(answer.body).toEqual({ success: true });
      const transferId = await livePeriodTransfer(real.server, payerId, creatorId);
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
export class Renew implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly payer: number,
    readonly creator: number,
  ) {}
  check = (model: Readonly<Model>) => model.subscribed.has(pair(this.payer, this.creator));
  async run(model: Model, real: Real) {
    const payerId = real.payers[this.payer]!;
    const creatorId = real.creators[this.creator]!;
    await real.server.ctx.db
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
    await sweepSubscriptions(real.server.ctx);
    const id = pair(this.payer, this.creator);
    if (model.wallets[this.payer]! < MONTHLY_PRICE) {
      model.subscribed.delete(id);
    } else {
      const transferId = await livePeriodTransfer(real.server, payerId, creatorId);
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
