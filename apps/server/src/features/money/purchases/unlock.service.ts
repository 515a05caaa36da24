import type { UnlockResponse } from '@glimpse/contract';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { explainAccess } from '../../access/index.ts';
import { runIdempotent, type PaidAnswer } from '../ledger/idempotency.ts';
import { isInsufficientFunds, payFromWallet } from './purchase-payment.ts';
import { noticeStoryPurchased } from './purchase-notices.ts';
import * as repo from './purchases.repository.ts';

/**
 * POST /api/stories/{id}/unlock. A story the viewer may not see is 404 like a read; one that
 * is free or their own is not for sale (400 `story_not_for_sale`). A story already available
 * to them (bought before, or a subscriber's) answers `{ status: true }` without charging: the
 * web asks after a stale read, and the answer it wants is "you have it" (docs/decisions.md).
 * Not enough money is an answer, `{ status: false }`, and writes nothing; it is not stored as
 * the key's answer, so the same key works after a top-up.
 */
export async function unlockStory(
  ctx: AppContext,
  viewerId: number,
  storyId: number,
  key: string,
): Promise<PaidAnswer<UnlockResponse> & { replayed: boolean }> {
  try {
    return await runIdempotent(
      ctx,
      { userId: viewerId, key, operation: 'story.unlock', params: { storyId } },
      async (tx, effects, idempotencyKey) => {
        // `story.content` hides what `story.view` hides; a locked story is `forbidden`.
        const content = await explainAccess({ db: tx }, viewerId, 'story.content', storyId);
        if (content.verdict === 'hidden') throw new AppError('story_not_found');
        const story = content.subject!;
        if (story.ownerId === viewerId || story.priceCents === null)
          throw new AppError('story_not_for_sale');
        const answer = { status: 200, body: { status: true as const } };
        // Open to them already: bought before, or a subscriber's.
        if (content.allowed) return answer;
        const claimed = await repo.claimUnlock(tx, {
          userId: viewerId,
          storyId,
          priceCents: story.priceCents,
        });
        // Bought meanwhile under another key: that purchase stands, nothing is charged twice.
        if (!claimed) return answer;
        const receipt = await payFromWallet(ctx, tx, effects, {
          kind: 'unlock',
          payerId: viewerId,
          creatorId: story.ownerId,
          priceCents: story.priceCents,
          idempotencyKey,
          initiatorId: viewerId,
          storyId,
        });
        await repo.setUnlockTransfer(tx, viewerId, storyId, receipt.transferId);
        await noticeStoryPurchased(ctx, tx, effects, {
          buyerId: viewerId,
          creatorId: story.ownerId,
          storyId,
          priceCents: story.priceCents,
        });
        return answer;
      },
    );
  } catch (error) {
    if (!isInsufficientFunds(error)) throw error;
    return {
      status: 200,
      body: { status: false, err_key: 'insufficient_funds' },
      replayed: false,
    };
  }
}
