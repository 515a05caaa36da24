import { z } from 'zod';
import {
  BENEFIT_MAX,
  BENEFITS_MAX_COUNT,
  BIO_MAX,
  BUNDLE_PERIODS,
  DIRECT_MESSAGE_PRICE_MAX,
  NAME_MAX,
  SUBSCRIBE_PRICE_MAX,
} from '../constants.ts';
import { moneyAmount } from '../money.ts';
import { birthdate, ID_MAX } from './common.ts';
import { categorySexFlagsShape, countryCode, sexSchema } from './reference.ts';
import { displayName, multiLineText, singleLineText } from './text.ts';

/**
 * A sub-category the user chose, with its parent so the client can group it, and the parent's
 * sex flags so a client can apply `categoryAppliesToSex` without the category list.
 */
export const chosenCategorySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  color_code: z.string().nullable(),
  category_id: z.number().int(),
  category_title: z.string(),
  ...categorySexFlagsShape,
});
export type ChosenCategory = z.infer<typeof chosenCategorySchema>;

export const bundleSchema = z.object({
  period: z.union(
    BUNDLE_PERIODS.map((p) => z.literal(p)) as [z.ZodLiteral<3>, z.ZodLiteral<6>, z.ZodLiteral<12>],
  ),
  discount: z.number().int().min(0).max(90),
  isEnabled: z.boolean(),
});
export type Bundle = z.infer<typeof bundleSchema>;

export const subscriptionBenefitsSchema = z.object({
  benefits_list: z.array(z.string()),
  bundles: z.array(bundleSchema),
});

/** GET /api/auth/me and every answer that returns the signed-in user. */
export const currentUserSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  email: z.string(),
  /** The address was confirmed through its mailed link (paying and earning need it). */
  email_verified: z.boolean(),
  /** A second factor (authenticator app or passkey) protects the account. */
  two_factor_enabled: z.boolean(),
  /** When a requested deletion erases the account (null when none is pending). */
  deletion_scheduled_for: z.string().nullable(),
  bio: z.string(),
  sex: sexSchema,
  birthdate: z.string(),
  country_code: z.string(),
  /**
   * Countries (lower-case alpha-2) whose viewers do not see this creator at all (issue 29,
   * geo-blocking); absent from older servers.
   */
  blockedCountries: z.array(z.string()).optional(),
  avatar_url: z.string().nullable(),
  /** Smaller copies of the picture for `<img srcset>` (docs/decisions.md); absent from older servers. */
  avatar_srcset: z.string().nullable().optional(),
  verified: z.boolean(),
  verifyOndatoAt: z.string().nullable(),
  subscribers: z.number().int(),
  followers: z.number().int(),
  userCategories: z.array(chosenCategorySchema),
  balance: z.number(),
  guide: z.boolean(),
  on_holiday_mood: z.boolean(),
  subscribePrice: z.number().nullable(),
  benefits_list: z.array(z.string()),
  bundles: z.array(bundleSchema),
  directMessagePrice: z.number().nullable(),
  directMessageTurnOff: z.boolean(),
  /** Only active subscribers may message (docs/decisions.md, "Who may message whom"). */
  directMessageSubscribersOnly: z.boolean(),
  /**
   * Staff see the moderation console's entry (issue 29); the server decides what each role may
   * do. Absent from older servers: read as `user`.
   */
  role: z.enum(['user', 'moderator', 'admin']).optional(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** GET /api/users/{id}: the "companion" of spec section 3. */
export const companionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  profileImage: z.string().nullable(),
  avatar_url: z.string().nullable(),
  verified: z.boolean(),
  on_holiday_mood: z.boolean(),
  hasNotWatchedStories: z.boolean(),
  isExistStory: z.boolean(),
  subscribePrice: z.number().nullable(),
  directMessagePrice: z.number().nullable(),
  directMessageTurnOff: z.boolean(),
  directMessageSubscribersOnly: z.boolean(),
  canSendMessages: z.boolean(),
  /** The viewer blocked this user (messages refused both ways). */
  blocked: z.boolean(),
});
export type Companion = z.infer<typeof companionSchema>;

/** GET /api/users/slug/{slug}: what anyone may see of a profile. */
export const publicProfileSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  bio: z.string(),
  sex: sexSchema,
  country_code: z.string(),
  profileImage: z.string().nullable(),
  /** Smaller copies of the picture for `<img srcset>` (docs/decisions.md); absent from older servers. */
  avatar_srcset: z.string().nullable().optional(),
  verified: z.boolean(),
  on_holiday_mood: z.boolean(),
  userCategories: z.array(chosenCategorySchema),
  subscribePrice: z.number().nullable(),
  subscriptionBenefits: subscriptionBenefitsSchema,
  directMessagePrice: z.number().nullable(),
  directMessageTurnOff: z.boolean(),
  directMessageSubscribersOnly: z.boolean(),
  followers: z.number().int(),
  subscribers: z.number().int(),
  isOwn: z.boolean(),
  /** Whether the viewer follows this user. */
  isFollowing: z.boolean(),
  /** Whether the viewer blocked this user. */
  isBlocked: z.boolean(),
  /** The user's broadcast channel, when the viewer may open it (owner, follower, subscriber). */
  channel_id: z.number().int().nullable(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const updateProfileBody = z.strictObject({
  name: displayName({ max: NAME_MAX }).optional(),
  bio: multiLineText({ max: BIO_MAX }).optional(),
  sex: sexSchema.optional(),
  birthdate: birthdate.optional(),
  country_code: countryCode.optional(),
  /** Countries kept out (geo-blocking, issue 29): codes of the reference list, each once. */
  blockedCountries: z.array(countryCode).max(250).optional(),
  /** Chosen sub-category ids, at most one per parent category. */
  userCategories: z.array(z.number().int().positive().max(ID_MAX)).max(50).optional(),
  subscribePrice: moneyAmount(SUBSCRIBE_PRICE_MAX).nullable().optional(),
  benefits_list: z
    .array(singleLineText({ min: 1, max: BENEFIT_MAX }))
    .max(BENEFITS_MAX_COUNT)
    .optional(),
  bundles: z.array(bundleSchema).max(BUNDLE_PERIODS.length).optional(),
  directMessagePrice: moneyAmount(DIRECT_MESSAGE_PRICE_MAX).nullable().optional(),
  directMessageTurnOff: z.boolean().optional(),
  directMessageSubscribersOnly: z.boolean().optional(),
  on_holiday_mood: z.boolean().optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;
