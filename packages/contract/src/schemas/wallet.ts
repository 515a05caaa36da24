import { z } from 'zod';
import { moneyAmount } from '../money.ts';
import { TRANSFER_KINDS } from '../wallet-limits.ts';

/**
 * An amount someone pays: more than zero, at most `max`, at most two decimals (money on the
 * wire, API.md). 0, negatives, NaN, strings and fractions of a cent are refused with 400.
 */
export function paymentAmount(max: number) {
  return moneyAmount(max).refine((value) => value > 0, { message: 'amount_must_be_positive' });
}

/** The other side of a wallet transaction, when it is a person. */
export const walletCounterpartySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
});

/** One line of the wallet's history: what the transfer did to this wallet. */
export const walletTransactionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(TRANSFER_KINDS),
  /** Signed, in currency units: negative when money left the wallet. */
  amount: z.number(),
  created_at: z.string(),
  story_id: z.number().int().nullable(),
  counterparty: walletCounterpartySchema.nullable(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

/**
 * A creator's earnings by stage: `pending` during the hold (EARNINGS_HOLD_DAYS), then
 * `withdrawable`; `in_flight` is a payout the provider has not confirmed; `paid_out` left the
 * platform. All zero for someone who never earned.
 */
export const earningsSchema = z.object({
  pending: z.number(),
  withdrawable: z.number(),
  in_flight: z.number(),
  paid_out: z.number(),
});
export type Earnings = z.infer<typeof earningsSchema>;

/** GET /api/wallet. */
export const walletSchema = z.object({
  balance: z.number(),
  currency: z.string(),
  earnings: earningsSchema,
  /** Newest first, at most WALLET_RECENT_TRANSACTIONS. */
  transactions: z.array(walletTransactionSchema),
});
export type Wallet = z.infer<typeof walletSchema>;

/**
 * Where a history line's money is now, for the person reading it:
 * - `completed`: a wallet movement that is done (top-up, purchase, refund).
 * - `pending`: earnings still in the hold; `available_at` says when they become withdrawable.
 * - `available`: earnings the hold released (withdrawable, or paid out since).
 * - `reversed`: a purchase a refund or chargeback took back.
 * - `in_flight`, `paid_out`, `returned`: a payout the provider has not confirmed, has paid, or
 *   sent back.
 */
export const WALLET_LINE_STATUSES = [
  'completed',
  'pending',
  'available',
  'reversed',
  'in_flight',
  'paid_out',
  'returned',
] as const;
export type WalletLineStatus = (typeof WALLET_LINE_STATUSES)[number];

/**
 * One ledger transfer as it touched the reader's wallet or earnings. `amount` is never negative:
 * `direction` says which way it went (`move` is between the reader's own balances, such as a
 * release from pending to withdrawable). `account` is the balance it changed: the spendable
 * `wallet`, or `earnings` (pending and withdrawable).
 */
export const walletHistoryLineSchema = z.object({
  id: z.number().int(),
  kind: z.enum(TRANSFER_KINDS),
  direction: z.enum(['in', 'out', 'move']),
  account: z.enum(['wallet', 'earnings']),
  amount: z.number().min(0),
  status: z.enum(WALLET_LINE_STATUSES),
  created_at: z.string(),
  /** When pending earnings become withdrawable; null for anything else. */
  available_at: z.string().nullable(),
  /** For earnings from a purchase: what the payer paid, and the platform's fee out of it. */
  gross: z.number().min(0).nullable(),
  fee: z.number().min(0).nullable(),
  story_id: z.number().int().nullable(),
  counterparty: walletCounterpartySchema.nullable(),
});
export type WalletHistoryLine = z.infer<typeof walletHistoryLineSchema>;

/** GET /api/wallet/history: `cursor` is the previous page's `next_cursor`. */
export const walletHistoryQuery = z.strictObject({
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, 'cursor_invalid')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type WalletHistoryQuery = z.infer<typeof walletHistoryQuery>;

export const walletHistoryPageSchema = z.object({
  /** Newest first. */
  data: z.array(walletHistoryLineSchema),
  /** Pass as `cursor` for the next (older) page; null when this is the end. */
  next_cursor: z.string().nullable(),
});
export type WalletHistoryPage = z.infer<typeof walletHistoryPageSchema>;

/** The purchases a creator earns from. */
export const EARNING_SOURCES = [
  'unlock',
  'tip',
  'subscription',
  'dm_purchase',
  'stream_entry',
] as const;
export type EarningSource = (typeof EARNING_SOURCES)[number];

/**
 * Earnings from one kind of purchase, refunds left out: `gross` is what payers paid, `fees` the
 * platform's share of it, `net` the creator's (gross = fees + net).
 */
export const earningsSourceSchema = z.object({
  kind: z.enum(EARNING_SOURCES),
  count: z.number().int().min(0),
  gross: z.number().min(0),
  fees: z.number().min(0),
  net: z.number().min(0),
});
export type EarningsSource = z.infer<typeof earningsSourceSchema>;

/**
 * GET /api/wallet/earnings: where a creator's earnings came from and where they are now. The
 * sources list every kind, zero when none; `stages` are the balances of GET /api/wallet.
 */
export const earningsBreakdownSchema = z.object({
  currency: z.string(),
  sources: z.array(earningsSourceSchema),
  totals: z.object({
    gross: z.number().min(0),
    fees: z.number().min(0),
    net: z.number().min(0),
    /** The creator's share of purchases a refund or chargeback took back. */
    reversed: z.number().min(0),
  }),
  stages: earningsSchema,
  /** When the oldest pending earnings leave the hold; null with nothing pending. */
  next_release_at: z.string().nullable(),
  /** EARNINGS_HOLD_DAYS: how long new earnings stay pending. */
  hold_days: z.number().min(0),
});
export type EarningsBreakdown = z.infer<typeof earningsBreakdownSchema>;
