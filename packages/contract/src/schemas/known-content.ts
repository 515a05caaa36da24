import { z } from 'zod';
import { MODERATION_NOTE_MAX, moderationUserRefSchema } from './moderation.ts';
import { multiLineText } from './text.ts';

/** A PDQ hash: 256 bits as 64 lowercase hex digits. */
const pdqHashText = z.string().regex(/^[0-9a-f]{64}$/);

/** One hash on the blocklist of known content (issue 29). */
export const blocklistEntrySchema = z.object({
  id: z.number().int(),
  hash: pdqHashText,
  quality: z.number().int(),
  source_story_id: z.number().int().nullable(),
  label: z.string(),
  added_by: z.number().int().nullable(),
  created_at: z.string(),
});
export type BlocklistEntry = z.infer<typeof blocklistEntrySchema>;

export const blocklistSchema = z.object({ entries: z.array(blocklistEntrySchema) });
export type Blocklist = z.infer<typeof blocklistSchema>;

export const blocklistFromStoryBody = z.object({
  story_id: z.number().int().positive(),
  label: z.string().trim().max(200).default(''),
});

/** How many hashes were listed (a picture adds its crops too; unusable hashes are skipped). */
export const blocklistAddedSchema = z.object({ added: z.number().int() });

/**
 * Why a story is held: it came near a listed hash (`match`), or every new story is reviewed
 * before publication (`review_required`, REVIEW_BEFORE_PUBLISH) and it matched nothing.
 */
export const reviewReasonSchema = z.enum(['match', 'review_required']);
export type ReviewReason = z.infer<typeof reviewReasonSchema>;

/** A story held for review (near a listed hash, or all stories reviewed), for a moderator. */
export const reviewItemSchema = z.object({
  story_id: z.number().int(),
  owner_id: z.number().int(),
  /** The owner as the console names them (avatar signed for the moderator). */
  owner: moderationUserRefSchema,
  text: z.string(),
  is_video: z.boolean(),
  /** The held media, signed for the moderator as in the queue's story preview. */
  image_url: z.string().nullable(),
  video_url: z.string().nullable(),
  poster_url: z.string().nullable(),
  created_at: z.string(),
  reason: reviewReasonSchema,
  /**
   * The closest listed hash it matched; null when it matched none (`review_required`) or the
   * entry was removed since.
   */
  match: z
    .object({
      entry_id: z.number().int(),
      label: z.string(),
      distance: z.number().int(),
    })
    .nullable(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const reviewListSchema = z.object({ items: z.array(reviewItemSchema) });

export const reviewDecisionBody = z.object({
  decision: z.enum(['publish', 'take_down']),
  /** Written into the decision's audit line. */
  note: multiLineText({ min: 0, max: MODERATION_NOTE_MAX }).optional(),
});
export const reviewDecisionSchema = z.object({
  story_id: z.number().int(),
  status: z.enum(['ready', 'taken_down']),
});
