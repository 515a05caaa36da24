import { and, eq } from 'drizzle-orm';
import { stories } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import * as repo from './stories.repository.ts';
import { announceReady } from './story-ready.ts';

/**
 * A moderator published a story held for review (near known content, issue 29): `ready` with
 * the effects a story gets on becoming ready (event, extra renditions, chat delivery, fan-out).
 * Answers false when the story is not (or no longer) in review.
 */
export async function publishHeldStory(ctx: AppContext, storyId: number): Promise<boolean> {
  const story = await repo.findStory(ctx.db, storyId);
  if (!story || story.status !== 'in_review') return false;
  const ready = await announceReady(ctx, story);
  return inTransaction(ctx.db, async (tx, effects) => {
    const rows = await tx
      .update(stories)
      .set({ status: 'ready' })
      .where(and(eq(stories.id, storyId), eq(stories.status, 'in_review')))
      .returning({ id: stories.id });
    if (rows.length === 0) return false;
    await ready(tx, effects);
    return true;
  });
}
