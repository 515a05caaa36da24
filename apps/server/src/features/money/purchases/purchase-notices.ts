import type { AppContext } from '../../../platform/context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import type { EffectQueue } from '../../../platform/db/transaction.ts';
import { notify } from '../../notifications/index.ts';

/**
 * What purchases tell the people they concern (issue 28), each inside the purchase's own
 * transaction, so a notice exists exactly when the purchase does.
 */
type Ctx = Pick<AppContext, 'db' | 'config' | 'mediaSigner'>;

/** The creator sold a story: one line per story, grouped ("Anna and 3 others bought ..."). */
export function noticeStoryPurchased(
  ctx: Ctx,
  tx: Tx,
  effects: EffectQueue,
  sale: { buyerId: number; creatorId: number; storyId: number; priceCents: number },
) {
  return notify(ctx, tx, effects, {
    userId: sale.creatorId,
    type: 'story_purchased',
    actorId: sale.buyerId,
    // The sale opens the wallet, where its earning shows: the story is the creator's own.
    subject: { kind: 'wallet', id: sale.storyId },
    data: { amount: sale.priceCents / 100, story_id: sale.storyId },
    dedupeKey: `unlock:${sale.storyId}:${sale.buyerId}`,
    groupKey: `story_purchased:${sale.storyId}`,
  });
}

/**
 * A new subscriber (not one buying ahead or renewing): grouped into the creator's one unread
 * line, "Anna and 12 others subscribed".
 */
export function noticeNewSubscriber(
  ctx: Ctx,
  tx: Tx,
  effects: EffectQueue,
  period: { subscriberId: number; creatorId: number; periodId: number },
) {
  return notify(ctx, tx, effects, {
    userId: period.creatorId,
    type: 'subscriber_new',
    actorId: period.subscriberId,
    subject: { kind: 'user', id: period.subscriberId },
    dedupeKey: `subscription:${period.periodId}`,
    groupKey: 'subscriber_new',
  });
}

/**
 * The subscriber's wallet could not pay the renewal. The creator is the actor: the line names
 * them ("Your subscription to Anna could not be renewed") and, like every line naming a creator,
 * is silenced by muting them.
 */
export function noticeRenewalFailed(
  ctx: Ctx,
  tx: Tx,
  effects: EffectQueue,
  period: { id: number; subscriberId: number; creatorId: number },
) {
  return notify(ctx, tx, effects, {
    userId: period.subscriberId,
    type: 'renewal_failed',
    actorId: period.creatorId,
    subject: { kind: 'wallet', id: period.id },
    data: { creator_id: period.creatorId },
    dedupeKey: `renewal_failed:${period.id}`,
  });
}
