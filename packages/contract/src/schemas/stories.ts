import { z } from 'zod';
import { STORY_TEXT_MAX, STORY_TAGS_MAX } from '../constants.ts';

/** Parsing bound only (a sane number); the business maximum is STORY_PRICE_MAX. */
const STORY_PRICE_CEILING_FOR_PARSING = 1_000_000;
import { moneyAmount } from '../money.ts';
import { multiLineText, singleLineText } from './text.ts';
import { bundleSchema } from './users.ts';

/**
 * Where a story stands (issue 29): `in_review` waits for a moderator, `taken_down` was removed
 * by one. Only its owner is told (others get `story_not_found` for anything but `ready`).
 */
export const storyStatusSchema = z.enum([
  'processing',
  'ready',
  'failed',
  'in_review',
  'taken_down',
]);
export type StoryStatus = z.infer<typeof storyStatusSchema>;

/** Spec 3 "Story (viewer)". Media URLs are null whenever `isAvailable` is false. */
export const storySchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  slug: z.string(),
  name: z.string(),
  type: z.enum(['tags', 'other']),
  text: z.string(),
  tags: z.array(z.string()),
  is_video: z.boolean(),
  video_duration: z.number().nullable(),
  video_meta: z.object({
    muted: z.boolean(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
  }),
  is_slo_mo: z.boolean(),
  slow_motion_src: z.string().nullable(),
  webm_video_src: z.string().nullable(),
  mp4_video_src: z.string().nullable(),
  /** Poster (video) or the JPEG fallback (image). */
  overlay_image_src: z.string().nullable(),
  /** The main image (WebP) for image stories; the poster for videos. */
  overlay_src: z.string().nullable(),
  /** overlay_src and its smaller WebP copies for `<img srcset>` (tiles, the viewer); docs/decisions.md. */
  overlay_srcset: z.string().nullable().optional(),
  isAvailable: z.boolean(),
  price: z.number().nullable(),
  watched: z.boolean(),
  verified: z.boolean(),
  /** True when the creator cannot take money (not verified): no tips, no unlock. */
  noPaid: z.boolean(),
  created_date: z.string(),
  /** Owner only: still being processed, and why processing failed if it did. */
  is_processing: z.boolean().optional(),
  processing_error: z.string().nullable().optional(),
  /** Owner only: where the story stands (taken down, in review, ...). */
  status: storyStatusSchema.optional(),
});
export type Story = z.infer<typeof storySchema>;

/** GET /api/users/{id}/stories. */
export const storyGroupSchema = z.object({
  stories: z.array(storySchema),
  profileImage: z.string().nullable(),
  /** Smaller copies of the picture for `<img srcset>` (docs/decisions.md); absent from older servers. */
  avatar_srcset: z.string().nullable().optional(),
  name: z.string(),
  slug: z.string(),
  creator_id: z.number().int(),
  subscribePrice: z.number().nullable(),
  subscriptionBenefits: z.object({
    benefits_list: z.array(z.string()),
    bundles: z.array(bundleSchema),
  }),
  guide: z.boolean(),
  auth_id: z.number().int(),
});
export type StoryGroup = z.infer<typeof storyGroupSchema>;

/** Spec 3 "Story (own menu / edit)". */
export const ownStorySchema = z.object({
  id: z.number().int(),
  price: z.number().nullable(),
  free: z.literal('free').nullable(),
  text: z.string(),
  tags: z.array(z.string()),
  is_video: z.boolean(),
  is_processing: z.boolean(),
  processing_error: z.string().nullable(),
  overlay_src: z.string().nullable(),
  overlay_image_src: z.string().nullable(),
  /** overlay_src and its smaller WebP copies for `<img srcset>`; docs/decisions.md. */
  overlay_srcset: z.string().nullable().optional(),
  mp4_video_src: z.string().nullable(),
  webm_video_src: z.string().nullable(),
  /** A signed link to the original-quality file for the download button. */
  download_src: z.string().nullable(),
  view_count: z.number().int(),
  created_date: z.string(),
  /** Where the story stands (taken down, in review, ...); absent from older servers. */
  status: storyStatusSchema.optional(),
});
export type OwnStory = z.infer<typeof ownStorySchema>;

// The bound only keeps the regex off huge strings; the regex is the rule (40 characters).
const storyTag = singleLineText({ max: 200 })
  .regex(/^#?[\p{L}\p{N}_]{1,40}$/u, 'tag_format')
  .transform((tag) => tag.replace(/^#/, '').toLowerCase());

/**
 * Where a story goes (spec 3 "Story post model"): absent, it is a public story on the profile
 * and home; `chat` posts it only into the poster's direct chats named in `chats` (and, with
 * `subscribers`, into the direct chat of every active subscriber); `broadcast` only into the
 * poster's own channel. Chat stories never show on the profile or home.
 */
export const STORY_DESTINATIONS = ['chat', 'broadcast'] as const;
export type StoryDestination = (typeof STORY_DESTINATIONS)[number];
/** The most direct chats one story is posted into by name (subscribers come on top). */
export const STORY_CHATS_MAX = 50;

/** Spec 3 "Story post model". */
export const storyPostModel = z.strictObject({
  text: multiLineText({ max: STORY_TEXT_MAX }).default(''),
  tags: z.array(storyTag).max(STORY_TAGS_MAX).default([]),
  // The 49.99 ceiling is checked by the service so it can answer max_price_error (spec 8).
  price: moneyAmount(STORY_PRICE_CEILING_FOR_PARSING).nullable().default(null),
  free: z.union([z.literal('free'), z.boolean(), z.null()]).optional(),
  destination: z.enum(STORY_DESTINATIONS).optional(),
  /** Chat ids (direct chats the poster is in), with destination `chat`. */
  chats: z.array(z.number().int().min(1).max(2_147_483_647)).max(STORY_CHATS_MAX).default([]),
  /** With destination `chat`: also every active subscriber's direct chat. */
  subscribers: z.boolean().default(false),
});
export type StoryPostModel = z.infer<typeof storyPostModel>;

/** Capture details sent along with the file (spec 7 "Post story"). */
export const storyMediaMeta = z.strictObject({
  muted: z.boolean().default(false),
  width: z.number().int().positive().max(16_384).optional(),
  height: z.number().int().positive().max(16_384).optional(),
  duration: z.number().positive().max(600).optional(),
  front_camera: z.boolean().default(false),
  landscape: z.boolean().default(false),
  slow_motion: z.boolean().default(false),
});
export type StoryMediaMeta = z.infer<typeof storyMediaMeta>;

/** POST /api/stories as JSON, after a finished tus upload. */
export const createStoryFromUploadBody = z.strictObject({
  upload_id: singleLineText({ min: 1, max: 200 }),
  model: storyPostModel,
  meta: storyMediaMeta.default({
    muted: false,
    front_camera: false,
    landscape: false,
    slow_motion: false,
  }),
});

/** PATCH /api/stories/{id} (edit dialog "modify content"). */
export const editStoryBody = z.strictObject({
  price: z.union([moneyAmount(STORY_PRICE_CEILING_FOR_PARSING), z.null()]).optional(),
  free: z.union([z.literal('free'), z.null()]).optional(),
  text: multiLineText({ max: STORY_TEXT_MAX }).optional(),
});
export type EditStoryBody = z.infer<typeof editStoryBody>;

export const messageBody = z.object({ message: z.string() });

export const reportStoryBody = z.strictObject({
  accusation: multiLineText({ min: 1, max: 1000 }),
});
export const reportStoryResponse = z.object({ success: z.literal(true), message: z.string() });

export const storyStatisticsSchema = z.object({
  purchased: z.array(z.object({ username: z.string(), price: z.number() })),
  tips: z.array(
    z.object({ username: z.string(), price: z.number(), title: z.string().nullable() }),
  ),
  purchased_total: z.number(),
  tips_total: z.number(),
  total: z.number(),
});
export type StoryStatistics = z.infer<typeof storyStatisticsSchema>;
