import { z } from 'zod';
import { PAYMENT_MAX, TOP_UP_MIN } from '../wallet-limits.ts';
import { moneyAmount } from '../money.ts';
import { singleLineText } from './text.ts';

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

/**
 * Where a creator's payouts go (issue 27). With the sandbox provider a bank account: the IBAN
 * and BIC are checked (ibantools) and the IBAN is only ever shown masked. With Stripe, Connect
 * onboarding: `ready` once Stripe says the account can be paid.
 */
export const payoutMethodSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('bank_account'),
    holder_name: z.string(),
    /** "DE89 •••• •••• •••• •••• 00": the country, check digits and last two characters. */
    iban_masked: z.string(),
    bic: z.string(),
    updated_at: z.string(),
  }),
  z.strictObject({
    kind: z.literal('stripe_connect'),
    ready: z.boolean(),
    updated_at: z.string(),
  }),
]);
export type PayoutMethod = z.infer<typeof payoutMethodSchema>;
export const payoutMethodKindSchema = z.enum(['bank_account', 'stripe_connect']);
export const payoutMethodResponse = z.strictObject({
  method: payoutMethodSchema.nullable(),
  /**
   * The kind this server's payment provider pays to: what a creator without a method is offered
   * (a bank account form, or Stripe's onboarding). A method of another kind counts as none.
   */
  accepts: payoutMethodKindSchema,
});
export type PayoutMethodAnswer = z.infer<typeof payoutMethodResponse>;

/** PUT /api/wallet/payout-method: a bank account (spaces in the IBAN are forgiven). */
export const setPayoutMethodBody = z.strictObject({
  holder_name: singleLineText({ min: 2, max: 70 }),
  iban: z
    .string()
    .max(50)
    .transform((value) => value.replace(/\s+/g, '').toUpperCase()),
  bic: z
    .string()
    .max(20)
    .transform((value) => value.replace(/\s+/g, '').toUpperCase()),
});
export type SetPayoutMethodBody = z.input<typeof setPayoutMethodBody>;

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
