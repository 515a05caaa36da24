import type { AppContext } from '../../../platform/context.ts';
import { inTransaction } from '../../../platform/db/transaction.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { dueCredits } from './earnings-release.repository.ts';
import { accounts } from './ledger-accounts.ts';
import { transfer } from './ledger.service.ts';
import { PeriodicTask } from '../../../platform/queue/periodic-task.ts';

/**
 * The hold: a purchase credits the creator's earnings_pending; EARNINGS_HOLD_DAYS later each
 * credit moves to earnings_available with a `release` transfer whose key is derived from the
 * credit (`release:<transfer id>:<entry id>`), so it happens once whoever runs the sweep. A
 * purchase reversed before its release (refund, chargeback) is not released.
 */

type Ctx = Pick<AppContext, 'db' | 'config' | 'log'>;

const RELEASE_BATCH = 200;

/** Releases every credit held since before `now - EARNINGS_HOLD_DAYS`; answers how many. */
export async function releaseHeldEarnings(ctx: Ctx, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ctx.config.earningsHoldDays * 86_400_000);
  let released = 0;
  for (;;) {
    const credits = await dueCredits(ctx.db, ctx.config.currency, cutoff, RELEASE_BATCH);
    let progressed = false;
    for (const credit of credits) {
      try {
        const receipt = await inTransaction(ctx.db, (tx) =>
          transfer(
            { db: tx, config: ctx.config },
            {
              kind: 'release',
              initiatorId: null,
              idempotencyKey: `release:${credit.transferId}:${credit.entryId}`,
              legs: [
                {
                  account: accounts.earningsPending(credit.ownerId, credit.shard),
                  amountCents: -credit.amountCents,
                },
                {
                  account: accounts.earningsAvailable(credit.ownerId),
                  amountCents: credit.amountCents,
                },
              ],
              memo: { creatorId: credit.ownerId },
            },
          ),
        );
        if (!receipt.replayed) released += 1;
        progressed = true;
      } catch (error) {
        // Reversed concurrently: the money is no longer pending, nothing to release.
        if (!(error instanceof AppError && error.errKey === 'insufficient_funds')) throw error;
        ctx.log.warn({ transferId: credit.transferId }, 'held credit no longer pending');
      }
    }
    if (credits.length < RELEASE_BATCH || !progressed) return released;
  }
}

/** Runs the release every RELEASE_INTERVAL_MS on worker nodes (server.ts). */
export const RELEASE_INTERVAL_MS = 10 * 60_000;

export class EarningsReleaser extends PeriodicTask {
  constructor(ctx: Ctx) {
    super(ctx.log, 'earnings release', RELEASE_INTERVAL_MS, () => releaseHeldEarnings(ctx));
  }
}
