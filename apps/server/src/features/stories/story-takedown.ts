import { chatRoom, LIVE_ROOM, userRoom } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import * as repo from './story-takedown.repository.ts';

/**
 * A moderator's takedown of a story (issue 29, features/moderation/enforcement). The status is
 * the whole enforcement: every read decides with `story.view`/`story.content`, which let only
 * `ready` stories through to anyone but the owner, on every request and every node (lists,
 * the viewer, chat cards, signed media URLs already handed out), and the users row's story
 * counters follow the status by trigger. The event lets open screens drop it at once.
 */

/**
 * `taken_down`, once; answers the owner's id, or null when no such story. `content.removed`
 * goes to every signed-in socket for a public story (any of them may show it), to the chats
 * holding it and the owner otherwise.
 */
export async function takeDownStory(
  ctx: AppContext,
  storyId: number,
): Promise<{ ownerId: number } | null> {
  return inTransaction(ctx.db, async (tx, effects) => {
    const story = await repo.storyOwner(tx, storyId);
    if (!story) return null;
    if (await repo.setStatusUnlessAlready(tx, storyId, 'taken_down')) {
      const rooms = new Set([userRoom(story.ownerId)]);
      if (story.audience === 'public') rooms.add(LIVE_ROOM);
      for (const chat of await repo.chatsShowing(tx, storyId)) {
        rooms.add(chatRoom(chat.id));
        if (chat.low !== null) rooms.add(userRoom(chat.low));
        if (chat.high !== null) rooms.add(userRoom(chat.high));
      }
      effects.emitToRooms([...rooms], 'content.removed', { kind: 'story', id: storyId });
    }
    return { ownerId: story.ownerId };
  });
}

/** Back to `ready` when it was taken down (an appeal granted, a counter-notice's time over). */
export async function restoreStory(
  ctx: AppContext,
  storyId: number,
): Promise<{ ownerId: number } | null> {
  const story = await repo.storyOwner(ctx.db, storyId);
  if (!story) return null;
  await repo.readyIfTakenDown(ctx.db, storyId);
  return { ownerId: story.ownerId };
}
