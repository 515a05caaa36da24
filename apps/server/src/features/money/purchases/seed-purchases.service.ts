import type { AppContext } from '../../../platform/context.ts';
import { inTransaction } from '../../../platform/db/transaction.ts';
import { payFromWallet } from './purchase-payment.ts';
import { noticeNewSubscriber, noticeStoryPurchased } from './purchase-notices.ts';
import * as repo from './purchases.repository.ts';
import { payTip } from './tips.service.ts';

/**
 * Purchases written for seeds (the demo), bypassing what requests check (a story still
 * processing may be bought) but not the money: each is one transaction with its ledger
 * transfer under a fixed key, so running a seed again writes nothing twice.
 */

export async function seedUnlock(
  ctx: AppContext,
  buyerId: number,
  story: { id: number; creatorId: number; priceCents: number },
): Promise<void> {
  await inTransaction(ctx.db, async (tx, effects) => {
    const row = { userId: buyerId, storyId: story.id, priceCents: story.priceCents };
    if (!(await repo.claimUnlock(tx, row))) return;
    const receipt = await payFromWallet(ctx, tx, effects, {
      kind: 'unlock',
      payerId: buyerId,
      initiatorId: buyerId,
      creatorId: story.creatorId,
      priceCents: story.priceCents,
      idempotencyKey: `seed-unlock:${story.id}`,
      storyId: story.id,
    });
    await repo.setUnlockTransfer(tx, buyerId, story.id, receipt.transferId);
    await noticeStoryPurchased(ctx, tx, effects, { buyerId, ...story, storyId: story.id });
  });
}

/**
 * A tip, paid and posted like every tip (`payTip`): on a story (key from the story), or with
 * its own `key` in the pair's direct chat or, given `chatId`, in a channel. Answers the
 * message's id, or undefined when the tip had been seeded already.
 */
export async function seedTip(
  ctx: AppContext,
  tip: {
    tipperId: number;
    creatorId: number;
    storyId: number | null;
    amountCents: number;
    message: string;
    key?: string;
    chatId?: number;
  },
): Promise<number | undefined> {
  const { key, ...rest } = tip;
  const idempotencyKey = key ?? `seed-tip:${tip.storyId}`;
  const paid = await inTransaction(ctx.db, (tx, effects) =>
    payTip(ctx, tx, effects, { ...rest, idempotencyKey }),
  );
  return paid?.messageId;
}

/** The right to message a creator who charges for it, bought once. */
export async function seedDirectMessagePurchase(
  ctx: AppContext,
  buyerId: number,
  creator: { id: number; priceCents: number },
): Promise<void> {
  await inTransaction(ctx.db, async (tx, effects) => {
    const row = { buyerId, creatorId: creator.id, priceCents: creator.priceCents };
    const purchaseId = await repo.claimDmPurchase(tx, row);
    if (purchaseId === undefined) return;
    const receipt = await payFromWallet(ctx, tx, effects, {
      kind: 'dm_purchase',
      payerId: buyerId,
      initiatorId: buyerId,
      creatorId: creator.id,
      priceCents: creator.priceCents,
      idempotencyKey: `seed-dm:${creator.id}`,
    });
    await repo.setDmPurchaseTransfer(tx, purchaseId, receipt.transferId);
  });
}

/** A month's subscription starting now. */
export async function seedSubscription(
  ctx: AppContext,
  subscriberId: number,
  creator: { id: number; priceCents: number },
): Promise<void> {
  await inTransaction(ctx.db, async (tx, effects) => {
    const receipt = await payFromWallet(ctx, tx, effects, {
      kind: 'subscription',
      payerId: subscriberId,
      initiatorId: subscriberId,
      creatorId: creator.id,
      priceCents: creator.priceCents,
      idempotencyKey: `seed-subscription:${creator.id}`,
    });
    if (receipt.replayed) return;
    const periodId = await repo.insertPeriod(tx, {
      subscriberId,
      creatorId: creator.id,
      startsAt: new Date(),
      periodMonths: 1,
      priceCents: creator.priceCents,
      transferId: receipt.transferId,
    });
    await noticeNewSubscriber(ctx, tx, effects, { subscriberId, creatorId: creator.id, periodId });
  });
}
