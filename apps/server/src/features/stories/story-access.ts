import type { DbOrTx } from '../../platform/db/database.ts';
import { hasActiveSubscription } from '../users/users.service.ts';
import * as repo from './stories.repository.ts';
import type { StoryRow } from './stories.repository.ts';

/**
 * Which of a creator's stories a viewer may see in full: the owner sees all; free stories are
 * open; a priced story needs an unlock by that viewer or an active subscription to the creator.
 */
export async function availableStoryIds(
  db: DbOrTx,
  viewerId: number,
  storyList: StoryRow[],
): Promise<Set<number>> {
  const available = new Set<number>();
  const priced: StoryRow[] = [];
  for (const story of storyList) {
    if (story.userId === viewerId || story.priceCents === null) available.add(story.id);
    else priced.push(story);
  }
  if (priced.length === 0) return available;
  const unlocked = await repo.unlockedStoryIds(
    db,
    viewerId,
    priced.map((s) => s.id),
  );
  const creators = [...new Set(priced.map((s) => s.userId))];
  const subscribed = new Set<number>();
  for (const creatorId of creators)
    if (await hasActiveSubscription(db, viewerId, creatorId)) subscribed.add(creatorId);
  for (const story of priced)
    if (unlocked.has(story.id) || subscribed.has(story.userId)) available.add(story.id);
  return available;
}

export async function isStoryAvailable(
  db: DbOrTx,
  viewerId: number,
  story: StoryRow,
): Promise<boolean> {
  return (await availableStoryIds(db, viewerId, [story])).has(story.id);
}
