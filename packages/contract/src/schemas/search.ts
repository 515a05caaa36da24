import { z } from 'zod';
import { intParam } from './common.ts';
import { singleLineText } from './text.ts';

/** The longest search text taken (characters, after trimming). */
export const SEARCH_QUERY_MAX = 100;
/** Results per page unless `limit` says otherwise, and the most a page may hold. */
export const SEARCH_PAGE_DEFAULT = 20;
export const SEARCH_PAGE_MAX = 50;

/**
 * GET /api/search: `q` is a name, a handle (a leading `@` is ignored) or a tag, typos allowed;
 * `cursor` is the previous page's `next_cursor` (opaque).
 */
export const searchQuery = z.strictObject({
  q: singleLineText({ min: 1, max: SEARCH_QUERY_MAX }),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'cursor_invalid')
    .optional(),
  limit: intParam(1, SEARCH_PAGE_MAX).optional(),
});
export type SearchQuery = z.input<typeof searchQuery>;

/** A profile found: the public profile's own fields (API.md), and the tag it was found by. */
export const searchResultSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  profileImage: z.string().nullable(),
  /** Smaller copies of the picture for `<img srcset>`. */
  avatar_srcset: z.string().nullable(),
  verified: z.boolean(),
  /** The tag's title when the profile was found by one of its tags rather than its name. */
  matched_tag: z.string().nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** One page of results, best match first; `next_cursor` is null on the last page. */
export const searchPageSchema = z.object({
  data: z.array(searchResultSchema),
  next_cursor: z.string().nullable(),
});
export type SearchPage = z.infer<typeof searchPageSchema>;
