import type { TimelineEntry } from './timeline.ts';

/**
 * A story taken down by a moderator (issue 29): the chat's cards of it show as unavailable
 * (a story message without its story, as the server answers it now), and a reply's quote of
 * it loses its picture, like a story its creator deleted.
 */
export function markStoryRemoved(entries: TimelineEntry[], storyId: number): TimelineEntry[] {
  return entries.map((entry) => {
    const { message } = entry;
    const card = message.story?.id === storyId || message.story_id === storyId;
    const quote = message.reply_to_story?.id === storyId;
    if (!card && !quote) return entry;
    return {
      ...entry,
      message: {
        ...message,
        ...(card && { story: null }),
        ...(quote && { reply_to_story: { id: storyId, thumb_url: null, available: false } }),
      },
    };
  });
}
