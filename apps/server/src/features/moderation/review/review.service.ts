import type { z } from 'zod';
import type { reviewDecisionBody, reviewListSchema } from '@glimpse/contract';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { requireAccess } from '../../access/index.ts';
import { recordAudit } from '../../audit/index.ts';
import { closestToStory } from '../../known-content/index.ts';
import { publishHeldStory } from '../../stories/index.ts';
import { takeDown } from '../enforcement/index.ts';
import * as people from '../items.repository.ts';
import { goneRef, personRef, storyMediaUrls } from '../moderation.presenter.ts';
import * as repo from './review.repository.ts';

const REVIEW_PAGE = 100;

/**
 * Stories held for review, oldest first, each with why: the listed hash it came nearest
 * (`match`) or, with REVIEW_BEFORE_PUBLISH and no listed hash near, `review_required`. The
 * reason is derived, not stored: a story whose matching entry was removed since shows as
 * `review_required` when the setting is on, else as `match` with no entry.
 */
export async function reviewList(
  ctx: AppContext,
  moderatorId: number,
): Promise<z.infer<typeof reviewListSchema>> {
  await requireAccess(ctx, moderatorId, 'moderation.console', [moderatorId]);
  const rows = await repo.heldStories(ctx.db, REVIEW_PAGE);
  const owners = new Map(
    (
      await people.peopleByIds(
        ctx.db,
        rows.map((row) => row.userId),
      )
    ).map((p) => [p.id, p]),
  );
  const items: z.infer<typeof reviewListSchema>['items'] = [];
  for (const row of rows) {
    const match = await closestToStory(ctx.db, row.id);
    const owner = owners.get(row.userId);
    items.push({
      story_id: row.id,
      owner_id: row.userId,
      owner: owner ? personRef(owner, moderatorId, ctx.mediaSigner) : goneRef(row.userId),
      text: row.text,
      is_video: row.isVideo,
      ...storyMediaUrls(row, moderatorId, ctx.mediaSigner),
      created_at: row.createdAt.toISOString(),
      reason: match || !ctx.config.reviewBeforePublish ? 'match' : 'review_required',
      match: match
        ? { entry_id: match.entryId, label: match.label, distance: match.distance }
        : null,
    });
  }
  return { items };
}

/**
 * Publishes a held story (`ready`, with the usual effects of a story becoming ready) or takes it
 * down through enforcement; either way one audit line. A story not in review is absent here.
 */
export async function reviewDecide(
  ctx: AppContext,
  moderatorId: number,
  storyId: number,
  body: z.infer<typeof reviewDecisionBody>,
): Promise<{ story_id: number; status: 'ready' | 'taken_down' }> {
  await requireAccess(ctx, moderatorId, 'moderation.console', [moderatorId]);
  const story = await repo.heldStory(ctx.db, storyId);
  if (!story) throw new AppError('story_not_found');
  if (body.decision === 'publish') {
    if (!(await publishHeldStory(ctx, storyId))) throw new AppError('story_not_found');
  } else {
    await takeDown(ctx, 'story', storyId);
  }
  await recordAudit(ctx.db, {
    actorId: moderatorId,
    action: body.decision === 'publish' ? 'review_publish' : 'review_take_down',
    targetKind: 'story',
    targetId: storyId,
    subjectUserId: story.userId,
    note: body.note?.trim() ?? '',
  });
  return { story_id: storyId, status: body.decision === 'publish' ? 'ready' : 'taken_down' };
}
