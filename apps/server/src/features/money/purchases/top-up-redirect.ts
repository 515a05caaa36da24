import { TOP_UP_MIN, toCents } from '@glimpse/contract';
import type { PurchaseResponse } from '@glimpse/contract';
import type { AppContext } from '../../../platform/context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import type { EffectQueue } from '../../../platform/db/transaction.ts';
import { startTopUp } from '../providers/top-up.ts';
import { accounts } from '../ledger/ledger-accounts.ts';
import { runIdempotent, type IdempotentCall, type PaidAnswer } from '../ledger/idempotency.ts';
import { balanceCents } from '../ledger/ledger.service.ts';
import { isInsufficientFunds } from './purchase-payment.ts';

/**
 * The `{ redirectUrl }` answer of a purchase the wallet cannot cover: a top-up of the missing
 * amount (at least TOP_UP_MIN) that brings the person back to `returnTo`, where the web repeats
 * the purchase.
 */
export async function topUpForMissing(
  ctx: AppContext,
  userId: number,
  priceCents: number,
  returnTo: string,
): Promise<{ redirectUrl: string }> {
  const balance = await balanceCents(ctx, accounts.wallet(userId));
  const amountCents = Math.max(priceCents - balance, toCents(TOP_UP_MIN));
  return startTopUp(ctx, { userId, amountCents, returnTo });
}

/** What a purchase tells `payOrTopUp` once it knows its price: how much, and where to return. */
export interface Shortfall {
  priceCents: number;
  returnTo: string;
}

type PurchaseWork = (
  tx: Tx,
  effects: EffectQueue,
  key: string,
  wants: (shortfall: Shortfall) => void,
) => Promise<PaidAnswer<PurchaseResponse>>;

/**
 * A wallet purchase that answers a top-up when the wallet falls short (subscribe, buy a direct
 * message): `work` runs under `runIdempotent` and calls `wants` before it pays. The shortfall
 * answer is not stored for the key, so the repeat after the top-up pays.
 */
export async function payOrTopUp(
  ctx: AppContext,
  call: IdempotentCall,
  work: PurchaseWork,
): Promise<PaidAnswer<PurchaseResponse> & { replayed: boolean }> {
  let wanted: Shortfall | undefined;
  try {
    return await runIdempotent(ctx, call, (tx, effects, key) =>
      work(tx, effects, key, (shortfall) => (wanted = shortfall)),
    );
  } catch (error) {
    if (!isInsufficientFunds(error) || !wanted) throw error;
    const body = await topUpForMissing(ctx, call.userId, wanted.priceCents, wanted.returnTo);
    return { status: 200, body, replayed: false };
  }
}
