import type { StoryReplyQuote } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { checkAccess } from '../access/index.ts';
import { STORY_VARIANT_WIDTHS } from '../media/index.ts';
import { findQuotedStories } from './story-audience.repository.ts';

/** The width of a quoted story's thumbnail: the smallest story variant. */
const QUOTE_THUMB_WIDTH = STORY_VARIANT_WIDTHS[0];

/**
 * The quotes of story replies as one reader sees them: a story the reader may no longer see
 * (deleted, or its creator blocked them) is not `available`; a thumbnail only when the reader
 * may see the story's content (a locked story shows none). Three queries for any number.
 */
export async function storyReplyQuotes(
  ctx: AppContext,
  readerId: number,
  storyIds: number[],
): Promise<Map<number, StoryReplyQuote>> {
  const unique = [...new Set(storyIds)];
  const quotes = new Map<number, StoryReplyQuote>();
  if (unique.length === 0) return quotes;
  const [rows, visible, open] = await Promise.all([
    findQuotedStories(ctx.db, unique),
    checkAccess(ctx, readerId, 'story.view', unique),
    checkAccess(ctx, readerId, 'story.content', unique),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const id of unique) {
    const story = byId.get(id);
    if (!story || !visible.has(id)) {
      quotes.set(id, { id, thumb_url: null, available: false });
      continue;
    }
    const key = story.isVideo ? story.posterKey : story.imageKey;
    const thumb =
      open.has(id) && key ? `${ctx.mediaSigner.url(key, readerId)}&w=${QUOTE_THUMB_WIDTH}` : null;
    quotes.set(id, { id, thumb_url: thumb, available: true });
  }
  return quotes;
}
