import { eq, sql } from 'drizzle-orm';
import { dmPurchases, storyUnlocks, subscriptions, tips } from '../../../db/schema/index.ts';
import type { Tx } from '../../../platform/db/database.ts';

/**
 * Undoing a purchase's domain row when its ledger transfer is reversed (a refund or chargeback
 * webhook). The payments feature owns the registry (payments/purchase-reversals.ts,
 * `registerPurchaseReversal(kind, fn)`) and the money side (`reverseTransfer`); these take away
 * what was bought, in the same transaction, and are idempotent (a second call finds nothing).
 */
export type PurchaseReversal = (tx: Tx, transferId: number) => Promise<void>;

/** The story is locked again for the buyer (a subscriber still sees it through the subscription). */
export const reverseUnlock: PurchaseReversal = async (tx, transferId) => {
  await tx.delete(storyUnlocks).where(eq(storyUnlocks.transferId, transferId));
};

/**
 * The refunded period ends now and is not renewed; a period bought ahead after it keeps its
 * own dates (it was paid separately).
 */
export const reverseSubscription: PurchaseReversal = async (tx, transferId) => {
  await tx
    .update(subscriptions)
    .set({
      expiresAt: sql`least(${subscriptions.expiresAt}, greatest(${subscriptions.startsAt}, now()))`,
      renews: false,
      settledAt: sql`coalesce(${subscriptions.settledAt}, now())`,
    })
    .where(eq(subscriptions.transferId, transferId));
};

/** Messaging the creator needs paying again. */
export const reverseDirectMessage: PurchaseReversal = async (tx, transferId) => {
  await tx.delete(dmPurchases).where(eq(dmPurchases.transferId, transferId));
};

/** A refunded tip leaves the story's statistics (its earning is gone). */
export const reverseTip: PurchaseReversal = async (tx, transferId) => {
  await tx.delete(tips).where(eq(tips.transferId, transferId));
};

/** By transfer kind, for the lead to register: `registerPurchaseReversal(kind, fn)`. */
export const purchaseReversals = {
  unlock: reverseUnlock,
  subscription: reverseSubscription,
  dm_purchase: reverseDirectMessage,
  tip: reverseTip,
} as const;
