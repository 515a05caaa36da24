import type { AppContext } from '../../../platform/context.ts';
import { inTransaction } from '../../../platform/db/transaction.ts';
import { deletionRequested } from '../../account-deletion/index.ts';
import { blockedEitherWay } from '../../blocks/index.ts';
import { isInsufficientFunds, payFromWallet } from './purchase-payment.ts';
import { noticeRenewalFailed } from './purchase-notices.ts';
import * as repo from './purchases.repository.ts';
import { eitherSuspended } from './suspension-refunds.repository.ts';
import { subscriptionPriceCents } from './subscription-offer.ts';
import { PeriodicTask } from '../../../platform/queue/periodic-task.ts';

export type RenewalOutcome = 'renewed' | 'followed' | 'cancelled' | 'renewal_failed' | 'in_hand';

const SWEEP_BATCH = 100;

/** The renewal's ledger key: derived from the period, so a period is renewed at most once. */
export const renewalKey = (periodId: number) => `subscription-renewal:${periodId}`;

/**
 * Deals with the end of one period under its row lock (another sweeper skips it): a period
 * followed by a later one needs nothing; a cancelled one ends, and so does one between two users
 * when either blocked the other (as if cancelled: docs/decisions.md, "Messaging: tips in chats
 * and blocking") or asked to delete the account (docs/decisions.md, "Deleting an account"); one
 * that renews is paid again from the wallet for the same number of months at the creator's
 * current price, starting when it ended (or now, when the sweep comes late, so nobody pays for
 * time already gone).
 */
async function renewPeriod(ctx: AppContext, id: number): Promise<RenewalOutcome> {
  return inTransaction(ctx.db, async (tx, effects) => {
    const period = await repo.lockDuePeriod(tx, id);
    if (!period) return 'in_hand';
    await repo.settlePeriod(tx, id);
    if (await repo.hasLaterPeriod(tx, period)) return 'followed';
    const ended = (reason: 'cancelled' | 'renewal_failed') => {
      effects.recheckRoomAccess({ userIds: [period.subscriberId] });
      effects.emitToUser(period.subscriberId, 'subscription.ended', {
        creator_id: period.creatorId,
        reason,
      });
      return reason;
    };
    if (!period.renews) return ended('cancelled');
    if (await blockedEitherWay({ db: tx }, period.subscriberId, period.creatorId))
      return ended('cancelled');
    if (await deletionRequested({ db: tx }, [period.subscriberId, period.creatorId]))
      return ended('cancelled');
    // A suspended subscriber or creator renews nothing (issue 29): the period runs out.
    if (await eitherSuspended(tx, [period.subscriberId, period.creatorId]))
      return ended('cancelled');
    const creator = await repo.findCreator(tx, period.creatorId);
    const priceCents = creator && subscriptionPriceCents(creator, period.periodMonths);
    if (!priceCents) return ended('renewal_failed');
    const receipt = await payFromWallet(ctx, tx, effects, {
      kind: 'subscription',
      payerId: period.subscriberId,
      creatorId: period.creatorId,
      priceCents,
      idempotencyKey: renewalKey(period.id),
      initiatorId: null,
    });
    const now = new Date();
    await repo.insertPeriod(tx, {
      subscriberId: period.subscriberId,
      creatorId: period.creatorId,
      startsAt: period.expiresAt > now ? period.expiresAt : now,
      periodMonths: period.periodMonths,
      priceCents,
      transferId: receipt.transferId,
    });
    return 'renewed';
  });
}

/** The end of a period whose renewal the wallet could not pay: it ends, with notice. */
async function failRenewal(ctx: AppContext, id: number): Promise<RenewalOutcome> {
  return inTransaction(ctx.db, async (tx, effects) => {
    const period = await repo.lockDuePeriod(tx, id);
    if (!period) return 'in_hand';
    await repo.settlePeriod(tx, id);
    effects.emitToUser(period.subscriberId, 'subscription.ended', {
      creator_id: period.creatorId,
      reason: 'renewal_failed',
    });
    effects.recheckRoomAccess({ userIds: [period.subscriberId] });
    await noticeRenewalFailed(ctx, tx, effects, period);
    return 'renewal_failed';
  });
}

/** One sweep over the periods that ran out: renews, ends or passes each exactly once. */
export async function sweepSubscriptions(ctx: AppContext): Promise<Map<number, RenewalOutcome>> {
  const outcomes = new Map<number, RenewalOutcome>();
  for (const id of await repo.duePeriodIds(ctx.db, SWEEP_BATCH)) {
    let outcome: RenewalOutcome;
    try {
      outcome = await renewPeriod(ctx, id);
    } catch (error) {
      // The payment rolled back with everything else; the end is recorded on its own.
      if (!isInsufficientFunds(error)) throw error;
      outcome = await failRenewal(ctx, id);
    }
    outcomes.set(id, outcome);
  }
  return outcomes;
}

const SWEEP_INTERVAL_MS = 60_000;

/** Runs the renewal sweep on worker nodes once a minute (pattern: stories/story-sweeper.ts). */
export class SubscriptionSweeper extends PeriodicTask {
  constructor(ctx: AppContext) {
    super(ctx.log, 'subscription sweep', SWEEP_INTERVAL_MS, () => sweepSubscriptions(ctx));
  }
}
