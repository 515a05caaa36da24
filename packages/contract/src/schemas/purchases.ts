import { z } from 'zod';
import { BUNDLE_PERIODS, TIP_MESSAGE_MAX } from '../constants.ts';
import { moneyAmount } from '../money.ts';
import { TIP_MAX } from '../wallet-limits.ts';
import { ID_MAX } from './common.ts';
import { multiLineText } from './text.ts';

const userId = z.number().int().min(1).max(ID_MAX);

/**
 * POST /api/stories/{id}/unlock. A refusal for want of money is an answer, not an error (spec
 * 4: "status false shows the insufficient funds dialog"), so it is 200 with `status: false`.
 */
export const unlockResponse = z.union([
  z.object({ status: z.literal(true) }),
  z.object({ status: z.literal(false), err_key: z.literal('insufficient_funds') }),
]);
export type UnlockResponse = z.infer<typeof unlockResponse>;

export const TIP_MODES = ['send', 'request'] as const;
export type TipMode = (typeof TIP_MODES)[number];

/**
 * A tip amount: the tip dialog's 3-digit field, so 0.01-999. Zero, empty and negatives are
 * `invalid_tip` (the server maps this schema's failure on `amount` to that key).
 */
export const tipAmount = moneyAmount(TIP_MAX);

/** POST /api/tips: send money to a verified creator, or ask a user for it (request mode). */
export const tipBody = z.strictObject({
  user_id: userId,
  amount: tipAmount,
  message: multiLineText({ max: TIP_MESSAGE_MAX }).optional().default(''),
  story_id: userId.optional(),
  mode: z.enum(TIP_MODES).optional().default('send'),
});
export type TipBody = z.input<typeof tipBody>;

/** A tip request someone sent the viewer, waiting to be paid or declined. */
export const tipRequestSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  message: z.string(),
  created_at: z.string(),
  requester: z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    profileImage: z.string().nullable(),
  }),
});
export type TipRequest = z.infer<typeof tipRequestSchema>;

/** POST /api/users/{id}/subscribe: 1 month, or one of the creator's enabled bundles. */
export const subscribeBody = z.strictObject({
  period: z
    .union([z.literal(1), ...BUNDLE_PERIODS.map((p) => z.literal(p))])
    .optional()
    .default(1),
});
export type SubscribeBody = z.input<typeof subscribeBody>;

/**
 * Paid from the wallet (`success`), or `redirectUrl` to a checkout that tops the wallet up by
 * the missing amount; the web repeats the purchase when the person comes back.
 */
export const purchaseResponse = z.union([
  z.object({ success: z.literal(true) }),
  z.object({ redirectUrl: z.string() }),
]);
export type PurchaseResponse = z.infer<typeof purchaseResponse>;

/** The viewer's subscription to one creator. */
export const subscriptionStateSchema = z.object({
  subscribed: z.boolean(),
  /** When the paid time ends (ISO), or null when never subscribed or long expired. */
  expires_at: z.string().nullable(),
  /** False once cancelled: no renewal when the paid time ends. */
  renews: z.boolean(),
  period: z.number().int().nullable(),
});
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;

/** GET /api/users/me/subscribers: people with an active subscription to the signed-in creator. */
export const subscriberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  profileImage: z.string().nullable(),
  since: z.string(),
  expires_at: z.string(),
  renews: z.boolean(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;
