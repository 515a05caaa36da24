import { fromCents, ONLINE_WINDOW_SECONDS, type ChatStory } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { checkAccess } from '../access/index.ts';
import { findStoriesWithCreators } from './stories.repository.ts';

/** Whether someone last seen at `lastSeenAt` counts as online now. */
export function isOnline(lastSeenAt: Date | null, now = Date.now()): boolean {
  return lastSeenAt !== null && now - lastSeenAt.getTime() <= ONLINE_WINDOW_SECONDS * 1000;
}

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
    if (story.status !== 'ready') continue;
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
