import { and, inArray, isNotNull } from 'drizzle-orm';
import { stories, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import * as purchases from '../purchases/purchases.repository.ts';
import { payFromWallet, type WalletPayment } from '../purchases/purchase-payment.ts';
import { topUpLegs } from '../wallet/ledger-rules.ts';
import { transfer } from '../wallet/ledger.service.ts';
import type { DemoCreator } from './demo-stories.ts';

/** How many demo viewers buy something: enough to fill earnings and Subscribed sections. */
const SPENDERS = 10;
const TIP_MESSAGES = ['Love this!', 'Thanks for the tutorial', '', 'More please'];

/**
 * Demo money: every viewer's wallet gets a top-up from the provider, and the first viewers
 * unlock priced stories, tip and subscribe, so creators see earnings and statistics and viewers
 * a Subscribed section. Every transfer has a fixed key (`demo-...`), so running it again writes
 * nothing twice. Stories may still be processing: purchases are written directly, as the
 * purchase services would once they are visible.
 */
export async function seedDemoMoney(
  ctx: AppContext,
  creators: DemoCreator[],
  viewerIds: number[],
): Promise<void> {
  const ledger = (tx: Parameters<typeof transfer>[0]['db']) => ({ db: tx, config: ctx.config });
  for (const [index, viewerId] of viewerIds.entries()) {
    await inTransaction(ctx.db, (tx) =>
      transfer(ledger(tx), {
        kind: 'top_up',
        initiatorId: null,
        idempotencyKey: `demo-top-up:${viewerId}`,
        legs: topUpLegs(viewerId, 5_000 + (index % 4) * 2_500),
        memo: { provider: 'sandbox', providerRef: `demo-${viewerId}` },
      }),
    );
  }
  const verifiedIds = creators.filter((c) => c.verified).map((c) => c.id);
  if (verifiedIds.length === 0) return;
  const priced = await ctx.db
    .select({ id: stories.id, creatorId: stories.userId, priceCents: stories.priceCents })
    .from(stories)
    .where(and(isNotNull(stories.priceCents), inArray(stories.userId, verifiedIds)))
    .orderBy(stories.id);
  const offers = await ctx.db
    .select({ id: users.id, priceCents: users.subscribePriceCents })
    .from(users)
    .where(and(inArray(users.id, verifiedIds), isNotNull(users.subscribePriceCents)))
    .orderBy(users.id);

  for (const [v, viewerId] of viewerIds.slice(0, SPENDERS).entries()) {
    const pay = (payment: Omit<WalletPayment, 'payerId' | 'initiatorId'>) => ({
      ...payment,
      payerId: viewerId,
      initiatorId: viewerId,
    });
    for (const story of [priced[v % priced.length], priced[(v + 3) % priced.length]]) {
      if (!story?.priceCents) continue;
      await inTransaction(ctx.db, async (tx, effects) => {
        if (
          !(await purchases.claimUnlock(tx, {
            userId: viewerId,
            storyId: story.id,
            priceCents: story.priceCents!,
          }))
        )
          return;
        const receipt = await payFromWallet(
          ctx,
          tx,
          effects,
          pay({
            kind: 'unlock',
            creatorId: story.creatorId,
            priceCents: story.priceCents!,
            idempotencyKey: `demo-unlock:${story.id}`,
            storyId: story.id,
          }),
        );
        await purchases.setUnlockTransfer(tx, viewerId, story.id, receipt.transferId);
      });
    }
    const tipped = priced[(v + 1) % priced.length];
    if (tipped) {
      await inTransaction(ctx.db, async (tx, effects) => {
        const amountCents = [500, 1_000, 1_500][v % 3]!;
        const receipt = await payFromWallet(
          ctx,
          tx,
          effects,
          pay({
            kind: 'tip',
            creatorId: tipped.creatorId,
            priceCents: amountCents,
            idempotencyKey: `demo-tip:${tipped.id}`,
            storyId: tipped.id,
          }),
        );
        if (receipt.replayed) return;
        await purchases.insertTip(tx, {
          tipperId: viewerId,
          creatorId: tipped.creatorId,
          storyId: tipped.id,
          amountCents,
          message: TIP_MESSAGES[v % TIP_MESSAGES.length]!,
          transferId: receipt.transferId,
        });
      });
    }
    const offer = offers[v % offers.length];
    if (offer?.priceCents) {
      await inTransaction(ctx.db, async (tx, effects) => {
        const receipt = await payFromWallet(
          ctx,
          tx,
          effects,
          pay({
            kind: 'subscription',
            creatorId: offer.id,
            priceCents: offer.priceCents!,
            idempotencyKey: `demo-subscription:${offer.id}`,
          }),
        );
        if (receipt.replayed) return;
        await purchases.insertPeriod(tx, {
          subscriberId: viewerId,
          creatorId: offer.id,
          startsAt: new Date(),
          periodMonths: 1,
          priceCents: offer.priceCents!,
          transferId: receipt.transferId,
        });
      });
    }
  }
}
