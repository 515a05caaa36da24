import type { TransferKind } from '@glimpse/contract';
import type { Tx } from '../../../platform/db/database.ts';

/**
 * The domain side of taking a purchase back (a refund or chargeback of the top-up that paid
 * for it): the purchases feature owns unlocks, subscriptions and DM purchases, so it registers
 * here what revokes each (delete the story_unlocks row, end the subscription period). Called in
 * the refund's transaction with the purchase's ledger transfer id, whether or not its money
 * could be recovered: a charged-back payment buys nothing.
 */
export const PURCHASE_KINDS = [
  'unlock',
  'tip',
  'subscription',
  'dm_purchase',
  'stream_entry',
] as const;
export type PurchaseKind = Extract<TransferKind, (typeof PURCHASE_KINDS)[number]>;

export type PurchaseReversal = (tx: Tx, purchaseTransferId: number) => Promise<void>;

const reversals = new Map<PurchaseKind, PurchaseReversal>();

/** One function per kind; registering a kind again replaces it (module reloads in tests). */
export function registerPurchaseReversal(kind: PurchaseKind, revoke: PurchaseReversal): void {
  reversals.set(kind, revoke);
}

/** Revokes what the purchase bought; a kind with nothing registered (a tip) has nothing to. */
export async function revokePurchase(
  tx: Tx,
  kind: PurchaseKind,
  purchaseTransferId: number,
): Promise<void> {
  await reversals.get(kind)?.(tx, purchaseTransferId);
}
