import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/database.ts';
import type { EffectQueue } from '../../platform/db/transaction.ts';
import { fanOutToAudience } from '../notifications/index.ts';
import type { StoryRow } from './stories.repository.ts';
import { deliverableChats, postStoryIntoChats } from './story-chat-delivery.ts';

/**
 * Committed with the story becoming ready: the owner's event, the job for its extra
 * renditions (smaller copies of the image or poster; a video's webm) and, for a story posted
 * into chats, its messages there; for a public story, the creator's followers and subscribers
 * hear of it (`story_posted`, written in batches by the fan-out job: not at upload, and never
 * for a story that fails). None can be lost between the write and a crash, and a story that
 * fails never reaches a chat.
 */
export async function announceReady(
  ctx: AppContext,
  story: StoryRow,
): Promise<(tx: Tx, effects: EffectQueue) => Promise<void>> {
  const chats = await deliverableChats(ctx, story);
  return async (tx, effects) => {
    effects.emitToUser(story.userId, 'story.ready', { story_id: story.id });
    effects.enqueue('story.extra-renditions', { storyId: story.id });
    await postStoryIntoChats(tx, effects, story, chats);
    if (story.audience === 'public')
      fanOutToAudience(tx, effects, {
        type: 'story_posted',
        creatorId: story.userId,
        subject: { kind: 'story', id: story.id },
        data: { video: story.isVideo },
        dedupeKey: `story:${story.id}`,
      });
  };
}
