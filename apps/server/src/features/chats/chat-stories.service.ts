import { fromCents, type ChatStory, type StoryReplyQuote } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { checkAccess } from '../access/index.ts';
import { STORY_VARIANT_WIDTHS } from '../media/index.ts';
import { findQuotedStories, findStoriesWithCreators } from './chat-stories.repository.ts';
import { isOnline } from './presence.ts';

/**
 * What chats show of stories, read through chats' own repository and judged by the access
 * module: stories posted into chats and the quotes of story replies.
 */

/** The width of a quoted story's thumbnail: the smallest story variant. */
const QUOTE_THUMB_WIDTH = STORY_VARIANT_WIDTHS[0];

/**
 * Spec 3 "Story (in chats)" for stories posted into chats, as one viewer sees them: available
 * by the story's content rule (owner, free, unlocked, subscribed), media URLs signed for the
 * viewer and null while locked. Stories that are gone or not ready are left out (a message's
 * `story` is then null). One query for the stories, one for access.
 */
export async function chatStoriesFor(
  ctx: AppContext,
  viewerId: number,
  storyIds: number[],
): Promise<Map<number, ChatStory>> {
  const unique = [...new Set(storyIds)];
  const result = new Map<number, ChatStory>();
  if (unique.length === 0) return result;
  const [rows, available] = await Promise.all([
    findStoriesWithCreators(ctx.db, unique),
    checkAccess(ctx, viewerId, 'story.content', unique),
  ]);
  const now = Date.now();
  for (const { story, creator } of rows) {
    // A suspended creator's stories leave chats too, cards and all (issue 29).
    if (story.status !== 'ready' || creator.suspendedAt !== null) continue;
    const open = available.has(story.id);
    const sign = (key: string | null) => (open && key ? ctx.mediaSigner.url(key, viewerId) : null);
    result.set(story.id, {
      id: story.id,
      price: story.priceCents === null ? null : fromCents(story.priceCents),
      isAvailable: open,
      overlay_image_src: story.isVideo ? sign(story.posterKey) : sign(story.imageJpegKey),
      overlay_src: story.isVideo ? sign(story.posterKey) : sign(story.imageKey),
      mp4_video_src: sign(story.mp4Key),
      webm_video_src: sign(story.webmKey),
      is_video: story.isVideo,
      text: story.text,
      tags: story.tags,
      type: story.tags.length > 0 ? 'tags' : 'other',
      slug: creator.slug,
      verified: creator.verifyOndatoAt !== null,
      creator_id: creator.id,
      user_id: creator.id,
      profileImage: creator.avatarKey ? ctx.mediaSigner.url(creator.avatarKey, viewerId) : null,
      name: creator.name,
      online: isOnline(creator.lastSeenAt, now),
      subscribePrice:
        creator.subscribePriceCents === null ? null : fromCents(creator.subscribePriceCents),
      noPaid: creator.verifyOndatoAt === null,
    });
  }
  return result;
}

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
