import { and, inArray, isNotNull } from 'drizzle-orm';
import { stories, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { creditSeedTopUp, seedSubscription, seedTip, seedUnlock } from '../money/index.ts';
import type { DemoCreator } from './demo-stories.ts';

/** How many demo viewers buy something: enough to fill earnings and Subscribed sections. */
const SPENDERS = 10;
const TIP_MESSAGES = ['Love this!', 'Thanks for the tutorial', '', 'More please'];

/**
 * Demo money: every viewer's wallet gets a top-up from the provider, and the first viewers
 * unlock priced stories, tip and subscribe, so creators see earnings and statistics and viewers
 * a Subscribed section. Every transfer has a fixed key (`demo-...`, `seed-...`), so running it again writes
 * nothing twice. Stories may still be processing: purchases are written directly, as the
 * purchase services would once they are visible.
 */
export async function seedDemoMoney(
  ctx: AppContext,
  creators: DemoCreator[],
  viewerIds: number[],
): Promise<void> {
  for (const [index, viewerId] of viewerIds.entries()) {
    await creditSeedTopUp(ctx, {
      userId: viewerId,
      amountCents: 5_000 + (index % 4) * 2_500,
      key: `demo-top-up:${viewerId}`,
      providerRef: `demo-${viewerId}`,
    });
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
    for (const story of [priced[v % priced.length], priced[(v + 3) % priced.length]]) {
      if (story?.priceCents)
        await seedUnlock(ctx, viewerId, { ...story, priceCents: story.priceCents });
    }
    const tipped = priced[(v + 1) % priced.length];
    if (tipped)
      await seedTip(ctx, {
        tipperId: viewerId,
        creatorId: tipped.creatorId,
        storyId: tipped.id,
        amountCents: [500, 1_000, 1_500][v % 3]!,
        message: TIP_MESSAGES[v % TIP_MESSAGES.length]!,
      });
    const offer = offers[v % offers.length];
    if (offer?.priceCents)
      await seedSubscription(ctx, viewerId, { id: offer.id, priceCents: offer.priceCents });
  }
}
