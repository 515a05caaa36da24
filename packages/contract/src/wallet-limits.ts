/**
 * Money bounds the web needs without zod (top-up amounts, tip fields). The ledger refuses any
 * single leg above PAYMENT_MAX as well, so a bug upstream cannot move more than this at once.
 */

/** The largest single payment, top-up or transfer leg, in currency units. */
export const PAYMENT_MAX = 10_000;
/** PAYMENT_MAX in cents, as the server's ledger counts. */
export const PAYMENT_MAX_CENTS = PAYMENT_MAX * 100;
/** The largest tip: the tip dialog's custom field takes at most 3 digits (spec 9). */
export const TIP_MAX = 999;
/** The top-up amounts the wallet page offers; any amount from TOP_UP_MIN to PAYMENT_MAX works. */
export const TOP_UP_PRESETS = [10, 25, 50, 100] as const;
export const TOP_UP_MIN = 5;
/** The smallest payout a creator may ask for (providers charge per transfer). */
export const PAYOUT_MIN = 20;
/** How many recent transactions GET /api/wallet lists. */
export const WALLET_RECENT_TRANSACTIONS = 50;

/**
 * What moved money, as the wallet's history names it (one ledger transfer per business event).
 * `release` moves pending earnings to withdrawable; `payout_failed` returns a failed payout.
 */
export const TRANSFER_KINDS = [
  'top_up',
  'unlock',
  'tip',
  'subscription',
  'dm_purchase',
  /** A priced live stream's entry (features/live). */
  'stream_entry',
  'refund',
  'chargeback',
  'release',
  'payout',
  'payout_failed',
] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];
