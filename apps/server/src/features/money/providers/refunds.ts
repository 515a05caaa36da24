import type { Config } from '../../../platform/config/config.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { accounts, type AccountRef } from '../ledger/ledger-accounts.ts';
import type { Leg } from '../ledger/ledger-rules.ts';
import { balanceCents, reverseTransfer, transfer } from '../ledger/ledger.service.ts';
import type { CheckoutRow } from './checkouts.repository.ts';
import * as clawbacks from './clawback.repository.ts';
import { revokePurchase } from '../purchases/purchase-reversals.ts';

/**
 * A refund or chargeback of a top-up (docs/decisions.md, "Refunds and chargebacks"):
 * 1. the amount is taken from the wallet as far as it holds;
 * 2. for the rest, the user's purchases paid after that top-up are reversed, newest first,
 *    each whole (access revoked, the price back in the wallet) until the wallet covers it; a
 *    purchase's creator share comes back from their pending earnings, or from their
 *    withdrawable earnings once released;
 * 3. a creator share that already left the platform (paid out or in flight) is not taken from
 *    the creator, whose balances and future earnings are untouched: the platform absorbs it.
 *    The purchase is still revoked, and what could not be recovered is recorded on the checkout
 *    (`unrecovered_cents`) and the clawback row, which with provider clearing reconciles the
 *    provider's statement. No balance goes below zero.
 */

export interface ClawbackResult {
  /** Taken back into provider clearing. */
  recoveredCents: number;
  /** Absorbed by the platform. */
  unrecoveredCents: number;
}

interface ClawbackContext {
  tx: Tx;
  config: Pick<Config, 'currency'>;
  provider: string;
  eventId: string;
}

const isInsufficient = (error: unknown) =>
  error instanceof AppError && error.errKey === 'insufficient_funds';

/**
 * The reversal of a purchase whose creator share was released: the same legs negated, with the
 * creator's share taken from withdrawable earnings instead of the (emptied) pending shard.
 */
function legsFromAvailable(entries: clawbacks.EntryWithAccount[]): Leg[] {
  return entries.map((entry): Leg => {
    let account: AccountRef;
    if (entry.kind === 'earnings_pending') account = accounts.earningsAvailable(entry.ownerId!);
    else if (entry.kind === 'wallet') account = accounts.wallet(entry.ownerId!);
    else if (entry.kind === 'platform_revenue')
      account = { kind: 'platform_revenue', shard: entry.shard };
    else throw new Error(`a purchase does not move ${entry.kind}`);
    return { account, amountCents: -entry.amountCents };
  });
}

/** Takes one purchase back; answers the reversing transfer, or undefined when absorbed. */
async function reversePurchase(
  c: ClawbackContext,
  purchase: clawbacks.PurchaseToClawBack,
  kind: 'refund' | 'chargeback',
): Promise<number | undefined> {
  const key = `clawback:${purchase.transferId}`;
  const memo = { provider: c.provider, providerRef: c.eventId };
  // Each attempt in a savepoint: a refused reversal must leave no claimed key behind.
  try {
    const receipt = await c.tx.transaction((sp) =>
      reverseTransfer(
        { db: sp, config: c.config },
        { transferId: purchase.transferId, kind, initiatorId: null, idempotencyKey: key, memo },
      ),
    );
    return receipt.transferId;
  } catch (error) {
    if (!isInsufficient(error)) throw error;
  }
  const entries = await clawbacks.entriesWithAccounts(c.tx, purchase.transferId);
  try {
    const receipt = await c.tx.transaction((sp) =>
      transfer(
        { db: sp, config: c.config },
        { kind, initiatorId: null, idempotencyKey: key, legs: legsFromAvailable(entries), memo },
      ),
    );
    return receipt.transferId;
  } catch (error) {
    if (!isInsufficient(error)) throw error;
  }
  return undefined;
}

export async function clawBack(
  c: ClawbackContext,
  checkout: CheckoutRow,
  amountCents: number,
  kind: 'refund' | 'chargeback',
): Promise<ClawbackResult> {
  const wallet = accounts.wallet(checkout.userId);
  let available = await balanceCents({ db: c.tx, config: c.config }, wallet);
  let absorbed = 0;
  if (available < amountCents && checkout.topUpTransferId !== null) {
    const purchases = await clawbacks.purchasesAfter(
      c.tx,
      checkout.userId,
      c.config.currency,
      checkout.topUpTransferId,
    );
    for (const purchase of purchases) {
      if (available + absorbed >= amountCents) break;
      const reversalId = await reversePurchase(c, purchase, kind);
      await clawbacks.recordClawback(c.tx, {
        purchaseTransferId: purchase.transferId,
        checkoutId: checkout.id,
        reversalTransferId: reversalId ?? null,
        unrecoveredCents: reversalId === undefined ? purchase.priceCents : 0,
      });
      await revokePurchase(c.tx, purchase.kind, purchase.transferId);
      if (reversalId === undefined) absorbed += purchase.priceCents;
      else available = await balanceCents({ db: c.tx, config: c.config }, wallet);
    }
  }
  const take = Math.min(amountCents, available);
  if (take > 0)
    await transfer(
      { db: c.tx, config: c.config },
      {
        kind,
        initiatorId: null,
        idempotencyKey: `${kind}:${c.provider}:${c.eventId}`,
        legs: [
          { account: wallet, amountCents: -take },
          { account: accounts.providerClearing(), amountCents: take },
        ],
        memo: { provider: c.provider, providerRef: checkout.publicId },
      },
    );
  return { recoveredCents: take, unrecoveredCents: amountCents - take };
}
