import { z } from 'zod';
import { MESSAGE_TEXT_MAX } from '../constants.ts';
import { clientId, messageSchema } from './messaging.ts';
import { multiLineText } from './text.ts';

/** Viewers of one story per page of GET /api/stories/{id}/viewers. */
export const STORY_VIEWERS_PAGE_SIZE = 30;

/** The quick reactions the story viewer offers: each is sent as a reply of that one emoji. */
export const STORY_REACTIONS = ['❤️', '🔥', '😂', '😮', '👏'] as const;

/**
 * POST /api/stories/{id}/reply: a direct message to the story's creator that quotes the story.
 * A quick reaction is a text of one emoji. `client_id` makes a retried send answer the first.
 */
export const storyReplyBody = z.strictObject({
  text: multiLineText({ min: 1, max: MESSAGE_TEXT_MAX }),
  client_id: clientId.optional(),
});
export type StoryReplyBody = z.input<typeof storyReplyBody>;

/** The reply as the sender sees it, and the direct chat it went into. */
export const storyReplyResponse = z.object({
  chat_id: z.number().int(),
  message: messageSchema,
});
export type StoryReplyResponse = z.infer<typeof storyReplyResponse>;

/** GET /api/stories/{id}/viewers: `cursor` continues from the previous page (opaque). */
export const storyViewersQuery = z.strictObject({
  cursor: z.string().max(80).optional(),
});

/** Someone who watched the story, and when they first did. */
export const storyViewerSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  avatar_thumb_url: z.string().nullable(),
  /** ISO time of their first watch. */
  watched_at: z.string(),
});
export type StoryViewer = z.infer<typeof storyViewerSchema>;

/** One page of viewers, newest watch first; `cursor` is null on the last page. */
export const storyViewersPage = z.object({
  data: z.array(storyViewerSchema),
  cursor: z.string().nullable(),
});
export type StoryViewersPage = z.infer<typeof storyViewersPage>;
