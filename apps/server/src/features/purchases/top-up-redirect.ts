import { TOP_UP_MIN, toCents } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { startTopUp } from '../payments/top-up.ts';
import { accounts } from '../wallet/ledger-accounts.ts';
import { balanceCents } from '../wallet/ledger.service.ts';

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
