import { z } from 'zod';
import { PAYMENT_MAX, TOP_UP_MIN } from '../wallet-limits.ts';
import { moneyAmount } from '../money.ts';

/**
 * Where the web wants the person back after a checkout or an identity check: a path of this
 * app (never another origin, so a checkout cannot be turned into an open redirect).
 */
export const returnPath = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[\x21-\x7e]*$/, 'return_path_invalid');

/** POST /api/wallet/top-up. */
export const topUpBody = z.strictObject({
  amount: moneyAmount(PAYMENT_MAX).refine((value) => value >= TOP_UP_MIN, {
    message: 'amount_below_minimum',
  }),
  return_to: returnPath.optional(),
});
export type TopUpBody = z.infer<typeof topUpBody>;

export const redirectResponse = z.object({ redirectUrl: z.string() });

/** POST /api/payments/webhook/{provider}: acknowledged (also for an event seen before). */
export const webhookResponse = z.object({ received: z.literal(true) });

export const providerParam = z.object({ provider: z.string().regex(/^[a-z0-9_-]{1,40}$/) });

/** POST /api/wallet/payouts: the whole withdrawable balance unless an amount is given. */
export const payoutBody = z.strictObject({
  amount: moneyAmount(PAYMENT_MAX).optional(),
});

export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;
export const payoutSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  status: z.enum(PAYOUT_STATUSES),
  created_at: z.string(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** POST /api/verification/start. */
export const verificationStartBody = z.strictObject({ return_to: returnPath.optional() });

/** GET /api/verification/check. */
export const verificationCheckSchema = z.object({
  verified: z.boolean(),
  verifyOndatoAt: z.string().nullable(),
  /** The latest attempt's state, so the web can say "pending" or "rejected". */
  status: z.enum(['none', 'pending', 'approved', 'rejected']),
});
export type VerificationCheck = z.infer<typeof verificationCheckSchema>;
