import type { AppContext } from '../../../platform/context.ts';
import { inTransaction } from '../../../platform/db/transaction.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { accounts, type AccountRef } from '../ledger/ledger-accounts.ts';
import { fingerprintOf, splitPrice, type Leg } from '../ledger/ledger-rules.ts';
import { transfer } from '../ledger/ledger.service.ts';
import * as repo from './purchases.repository.ts';
import * as periods from './suspension-refunds.repository.ts';

/**
 * A creator suspended for good (issue 29, docs/trust-and-safety/enforcement.md): each paid
 * period of their subscribers that has not run out is refunded for its unused part, pro rata
 * by time (a period bought ahead in full), and ends now without renewal. The refund is one
 * ledger `refund` transfer per period under a key derived from the period, and the period ends
 * in the same transaction, so a retry (or a second suspension) finds nothing left to refund.
 * The money comes back from the creator's pending earnings where the period's share still is,
 * else from their withdrawable earnings; when neither holds it any more (already paid out) the
 * period still ends and nothing is refunded (logged).
 */

export type SuspensionRefund = { periodId: number; refundedCents: number };

/** The refund legs: the creator's and the platform's shares of `refundCents`, back to the wallet. */
function refundLegs(
  entries: periods.PaidEntry[],
  subscriberId: number,
  priceCents: number,
  refundCents: number,
  fromAvailable: boolean,
): Leg[] {
  const fee = entries.find((e) => e.kind === 'platform_revenue');
  const earned = entries.find((e) => e.kind === 'earnings_pending');
  // The same split as the purchase, applied to the refunded part.
  const feePercent = fee ? (fee.amountCents * 100) / priceCents : 0;
  const { feeCents, creatorCents } = splitPrice(refundCents, feePercent);
  const legs: Leg[] = [{ account: accounts.wallet(subscriberId), amountCents: refundCents }];
  if (creatorCents > 0 && earned) {
    const account: AccountRef = fromAvailable
      ? accounts.earningsAvailable(earned.ownerId!)
      : accounts.earningsPending(earned.ownerId!, earned.shard);
    legs.push({ account, amountCents: -creatorCents });
  }
  if (feeCents > 0 && fee)
    legs.push({ account: { kind: 'platform_revenue', shard: fee.shard }, amountCents: -feeCents });
  return legs;
}

/** The unused part of the period's price, in whole cents (rounded down). */
export function unusedCents(
  period: { startsAt: Date; expiresAt: Date; priceCents: number },
  now: Date,
): number {
  const total = period.expiresAt.getTime() - period.startsAt.getTime();
  if (total <= 0) return 0;
  const left = period.expiresAt.getTime() - Math.max(now.getTime(), period.startsAt.getTime());
  return Math.max(0, Math.floor((period.priceCents * Math.min(left, total)) / total));
}

async function refundPeriod(
  ctx: AppContext,
  creatorId: number,
  id: number,
): Promise<SuspensionRefund | undefined> {
  return inTransaction(ctx.db, async (tx, effects) => {
    const period = await periods.lockOpenPeriod(tx, id);
    if (!period) return undefined;
    const refundCents = unusedCents(period, new Date());
    let refunded = 0;
    if (refundCents > 0) {
      const entries = await periods.paidEntries(tx, period.transferId);
      const request = (fromAvailable: boolean) => ({
        kind: 'refund' as const,
        initiatorId: null,
        idempotencyKey: `suspension-refund:${period.id}`,
        // One refund per period whatever the moment of the retry.
        fingerprint: fingerprintOf({ suspensionRefund: period.id }),
        legs: refundLegs(
          entries,
          period.subscriberId,
          period.priceCents,
          refundCents,
          fromAvailable,
        ),
        memo: { payerId: period.subscriberId },
      });
      for (const fromAvailable of [false, true]) {
        try {
          // A savepoint each: a refused attempt leaves no claimed key behind.
          await tx.transaction((sp) =>
            transfer({ db: sp, config: ctx.config }, request(fromAvailable)),
          );
          refunded = refundCents;
          break;
        } catch (error) {
          if (!(error instanceof AppError && error.errKey === 'insufficient_funds')) throw error;
        }
      }
      if (refunded === 0)
        ctx.log.warn({ periodId: period.id }, 'suspension refund: the earnings are gone');
    }
    await repo.endPeriodByTransfer(tx, period.transferId);
    effects.recheckRoomAccess({ userIds: [period.subscriberId] });
    effects.emitToUser(period.subscriberId, 'subscription.ended', {
      creator_id: creatorId,
      reason: 'cancelled',
    });
    return { periodId: period.id, refundedCents: refunded };
  });
}

/** Refunds and ends every open paid period of the creator's subscribers; answers what it did. */
export async function refundSubscribersOf(
  ctx: AppContext,
  creatorId: number,
): Promise<SuspensionRefund[]> {
  const done: SuspensionRefund[] = [];
  for (const id of await periods.openPaidPeriodIds(ctx.db, creatorId)) {
    const refund = await refundPeriod(ctx, creatorId, id);
    if (refund) done.push(refund);
  }
  return done;
}
