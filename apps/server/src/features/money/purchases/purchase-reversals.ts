import type { Tx } from '../../../platform/db/database.ts';
import type { PurchaseKind } from './purchase-payment.ts';
import * as repo from './purchases.repository.ts';
import { deleteStreamEntryByTransfer } from './stream-entries.repository.ts';

/**
 * Taking back what a purchase bought when its ledger transfer is reversed (a refund or
 * chargeback of the top-up that paid for it, providers/refunds.ts): in the same transaction,
 * whether or not its money could be recovered (a charged-back payment buys nothing), and
 * idempotent (a second call finds nothing).
 */
export async function revokePurchase(
  tx: Tx,
  kind: PurchaseKind,
  transferId: number,
): Promise<void> {
  await revocations[kind](tx, transferId);
}

type Revocation = (tx: Tx, transferId: number) => Promise<void>;

/** What each kind of purchase loses; a kind added to PurchaseKind must say here what it loses. */
export const revocations: Record<PurchaseKind, Revocation> = {
  // The story is locked again (a subscriber still sees it through the subscription).
  unlock: repo.deleteUnlockByTransfer,
  // The refunded period ends now and is not renewed; a period bought ahead keeps its dates.
  subscription: repo.endPeriodByTransfer,
  // Messaging the creator needs paying again.
  dm_purchase: repo.deleteDmPurchaseByTransfer,
  // A refunded tip leaves the story's statistics (its earning is gone).
  tip: repo.deleteTipByTransfer,
  // The viewer must pay again to watch the stream.
  stream_entry: deleteStreamEntryByTransfer,
};
