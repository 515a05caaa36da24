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
