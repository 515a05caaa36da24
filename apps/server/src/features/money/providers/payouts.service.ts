import { fromCents, PAYOUT_MIN, toCents, type Payout } from '@glimpse/contract';
import type { AppContext } from '../../../platform/context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import type { EffectQueue } from '../../../platform/db/transaction.ts';
import { inTransaction } from '../../../platform/db/transaction.ts';
import type { JobAttempt } from '../../../platform/queue/job-runner.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { notify } from '../../notifications/index.ts';
import { accounts, type AccountRef } from '../ledger/ledger-accounts.ts';
import { balanceCents, reverseTransfer, transfer } from '../ledger/ledger.service.ts';
import { runIdempotent, type PaidAnswer } from '../ledger/idempotency.ts';
import { assertPayoutMethodReady } from './payout-method.service.ts';
import { activeProvider } from './providers.ts';
import * as repo from './payouts.repository.ts';
import { newPublicId } from './sandbox-provider.ts';

/**
 * Creator payouts: the withdrawable balance moves to payouts_in_flight with the payout row, the
 * provider is asked to pay it (job `payout.start`, after commit), and its webhook settles it:
 * paid -> paid_out, failed -> back to withdrawable (`payout_failed`).
 */

const inFlight = (userId: number): AccountRef => ({ kind: 'payouts_in_flight', ownerId: userId });
const paidOut = (userId: number): AccountRef => ({ kind: 'paid_out', ownerId: userId });

export const PAYOUTS_LISTED = 50;

export function presentPayout(row: repo.PayoutRow): Payout {
  return {
    id: row.id,
    amount: fromCents(row.amountCents),
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

/** POST /api/wallet/payouts: `amount` in units, or the whole withdrawable balance. */
export async function requestPayout(
  ctx: AppContext,
  userId: number,
  key: string,
  body: { amount?: number | undefined },
): Promise<PaidAnswer<Payout> & { replayed: boolean }> {
  if (!(await repo.isVerified(ctx.db, userId))) throw new AppError('verification_required');
  // Held by a moderator, or suspended (issue 29): earnings keep accruing, nothing leaves.
  if (await repo.payoutsBlocked(ctx.db, userId)) throw new AppError('payouts_held');
  const provider = activeProvider(ctx);
  // Before any money moves: somewhere to send it (with Stripe, a Connect account it can pay).
  await assertPayoutMethodReady(ctx.db, provider, userId);
  if (!provider.supportsPayouts) throw new AppError('payout_unavailable');
  return runIdempotent(
    ctx,
    { userId, key, operation: 'payout', params: body },
    async (tx, effects, idempotencyKey) => {
      const ledger = { db: tx, config: ctx.config };
      const withdrawable = await balanceCents(ledger, accounts.earningsAvailable(userId));
      const amountCents = body.amount === undefined ? withdrawable : toCents(body.amount);
      if (amountCents < toCents(PAYOUT_MIN) || amountCents > withdrawable)
        throw new AppError('payout_unavailable');
      let transferId: number;
      try {
        ({ transferId } = await transfer(ledger, {
          kind: 'payout',
          initiatorId: userId,
          idempotencyKey,
          legs: [
            { account: accounts.earningsAvailable(userId), amountCents: -amountCents },
            { account: inFlight(userId), amountCents },
          ],
          memo: { creatorId: userId, provider: provider.name },
        }));
      } catch (error) {
        // Another payout took the money between the read and the lock.
        if (error instanceof AppError && error.errKey === 'insufficient_funds')
          throw new AppError('payout_unavailable');
        throw error;
      }
      const row = await repo.insertPayout(tx, {
        publicId: newPublicId('po'),
        userId,
        provider: provider.name,
        amountCents,
        currency: ctx.config.currency,
        transferId,
      });
      effects.enqueue('payout.start', { payoutId: row.id });
      return { status: 201, body: presentPayout(row) };
    },
  );
}

/** Job `payout.start`: hands the payout to the provider once; a last failure returns it. */
export async function startPayout(
  ctx: AppContext,
  payload: { payoutId: number },
  attempt: JobAttempt,
): Promise<void> {
  const row = await repo.findPayout(ctx.db, payload.payoutId);
  if (!row || row.status !== 'pending' || row.providerRef) return;
  // Held or suspended since it was asked for: it does not leave, the money goes back.
  if (await repo.payoutsBlocked(ctx.db, row.userId)) {
    await inTransaction(ctx.db, async (tx, effects) => {
      const locked = await repo.lockPayoutByPublicId(tx, row.provider, row.publicId);
      if (locked) await settlePayout(ctx, tx, effects, locked, 'failed');
    });
    return;
  }
  try {
    const { providerRef } = await activeProvider(ctx).startPayout({
      payoutId: row.publicId,
      userId: row.userId,
      amountCents: row.amountCents,
      currency: row.currency,
    });
    await repo.setProviderRef(ctx.db, row.id, providerRef);
  } catch (error) {
    if (!attempt.final) throw error;
    ctx.log.error({ err: error, payoutId: row.id }, 'payout could not be started: returned');
    await inTransaction(ctx.db, async (tx, effects) => {
      const locked = await repo.lockPayoutByPublicId(tx, row.provider, row.publicId);
      if (locked) await settlePayout(ctx, tx, effects, locked, 'failed');
    });
  }
}

/**
 * Applies the provider's verdict once; a payout already settled ignores a later one. The
 * creator is told either way (`payout_paid` / `payout_failed`, from the system).
 */
export async function settlePayout(
  ctx: Pick<AppContext, 'db' | 'config' | 'mediaSigner'>,
  tx: Tx,
  effects: EffectQueue,
  payout: repo.PayoutRow,
  outcome: 'paid' | 'failed',
): Promise<boolean> {
  if (payout.status !== 'pending') return false;
  const ledger = { db: tx, config: ctx.config };
  if (outcome === 'paid')
    await transfer(ledger, {
      kind: 'payout',
      initiatorId: null,
      idempotencyKey: `payout-paid:${payout.id}`,
      legs: [
        { account: inFlight(payout.userId), amountCents: -payout.amountCents },
        { account: paidOut(payout.userId), amountCents: payout.amountCents },
      ],
      memo: { creatorId: payout.userId, provider: payout.provider, providerRef: payout.publicId },
    });
  else
    await reverseTransfer(ledger, {
      transferId: payout.transferId,
      kind: 'payout_failed',
      initiatorId: null,
      idempotencyKey: `payout-failed:${payout.id}`,
      memo: { creatorId: payout.userId, provider: payout.provider, providerRef: payout.publicId },
    });
  await repo.settle(tx, payout.id, outcome);
  await notify(ctx, tx, effects, {
    userId: payout.userId,
    type: outcome === 'paid' ? 'payout_paid' : 'payout_failed',
    actorId: null,
    subject: { kind: 'wallet', id: payout.publicId },
    data: { amount: payout.amountCents / 100, currency: payout.currency },
    dedupeKey: `payout:${payout.id}:${outcome}`,
  });
  return true;
}

/** GET /api/wallet/payouts: the creator's payouts, newest first. */
export async function listPayouts(ctx: Pick<AppContext, 'db'>, userId: number): Promise<Payout[]> {
  return (await repo.payoutsOf(ctx.db, userId, PAYOUTS_LISTED)).map(presentPayout);
}
