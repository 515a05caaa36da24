import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { hasUndeliveredJob } from '../../platform/outbox/outbox.repository.ts';
import { jobStatesOf, LIVE_JOB_STATES } from '../../platform/queue/job-history.ts';
import * as repo from './stories.repository.ts';
import type { StoryRow } from './stories.repository.ts';
import { markFailed, PROCESSING_GAVE_UP_REASON } from './story-processing.ts';
import { findLongProcessingStoryIds } from './stuck-stories.repository.ts';
import { PeriodicTask } from '../../platform/queue/periodic-task.ts';

export type SweepOutcome = 'in_hand' | 'requeued' | 'failed';

const SWEEP_BATCH = 100;

/**
 * Decides one long-processing story under its row lock, so sweepers on several nodes cannot
 * both re-queue it: a job still to be delivered or still to run leaves it alone; no job at all
 * means its job was lost, so one is queued; only finished jobs (the re-queued one included)
 * means nothing will finish it, so it is failed.
 */
async function sweepStory(ctx: AppContext, id: number): Promise<SweepOutcome> {
  const decision = await inTransaction(
    ctx.db,
    async (tx, effects): Promise<{ outcome: SweepOutcome; story?: StoryRow }> => {
      const story = await repo.findStoryForUpdate(tx, id);
      if (!story || story.status !== 'processing') return { outcome: 'in_hand' };
      if (await hasUndeliveredJob(tx, 'story.process', { storyId: id }))
        return { outcome: 'in_hand' };
      const states = await jobStatesOf(tx, 'story.process', { storyId: id });
      if (states.some((state) => LIVE_JOB_STATES.includes(state))) return { outcome: 'in_hand' };
      if (states.length === 0) {
        effects.enqueue('story.process', { storyId: id });
        return { outcome: 'requeued' };
      }
      return { outcome: 'failed', story };
    },
  );
  // Outside the transaction: markFailed writes through ctx.db, which would wait on our lock.
  if (decision.story)
    await markFailed(
      ctx,
      decision.story,
      PROCESSING_GAVE_UP_REASON,
      'swept: its last job ended without finishing it',
    );
  return decision.outcome;
}

/** One sweep over the stories processing longer than `stuckAfterSeconds`. */
export async function sweepStuckStories(
  ctx: AppContext,
  stuckAfterSeconds: number,
): Promise<Map<number, SweepOutcome>> {
  const outcomes = new Map<number, SweepOutcome>();
  for (const id of await findLongProcessingStoryIds(ctx.db, stuckAfterSeconds, SWEEP_BATCH)) {
    const outcome = await sweepStory(ctx, id);
    outcomes.set(id, outcome);
    if (outcome !== 'in_hand') ctx.log.warn({ storyId: id, outcome }, 'story was stuck processing');
  }
  return outcomes;
}

/**
 * Runs the sweep on worker nodes every half of STORY_STUCK_AFTER_SECONDS (at least every
 * second, at most every five minutes): the backstop for a story whose job was lost anyway
 * (queued before the outbox existed, pg-boss data lost or deleted by hand).
 */
export class StorySweeper extends PeriodicTask {
  constructor(ctx: AppContext) {
    const stuckAfter = ctx.config.storyStuckAfterSeconds;
    const intervalMs = Math.min(Math.max(stuckAfter / 2, 1), 300) * 1000;
    super(ctx.log, 'story sweep', intervalMs, () => sweepStuckStories(ctx, stuckAfter));
  }
}
