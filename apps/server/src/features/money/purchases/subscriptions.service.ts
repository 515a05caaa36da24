import type { PurchaseResponse, Subscriber, SubscriptionState } from '@glimpse/contract';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { requireAccess } from '../../access/index.ts';
import type { PaidAnswer } from '../ledger/idempotency.ts';
import { noticeNewSubscriber } from './purchase-notices.ts';
import { payFromWallet } from './purchase-payment.ts';
import * as repo from './purchases.repository.ts';
import { subscriptionPriceCents } from './subscription-offer.ts';
import { payOrTopUp } from './top-up-redirect.ts';

/** The profile path the web repeats a subscription from after a top-up. */
export const subscribeReturnPath = (slug: string, period: number) =>
  `/u/${encodeURIComponent(slug)}?subscribe=${period}`;

/**
 * How far back a paid period of the same length makes a subscribe request a duplicate of it:
 * covers requests sent together (which wait for one another on the subscriber's lock) and
 * clock skew between the app and the database, yet is far shorter than anyone buying the same
 * months ahead on purpose.
 */
const DUPLICATE_WINDOW_MS = 5_000;

/**
 * POST /api/users/{id}/subscribe. Pays `period` months from the wallet: a new period starting
 * now, or at the end of the paid time when the viewer is subscribed already (buying ahead
 * extends it). A request for the same months within DUPLICATE_WINDOW_MS of a paid one (another
 * key sent at the same time) is that purchase: `{ success: true }`, nothing charged. When the
 * wallet cannot cover it the answer is `{ redirectUrl }` to top up the
 * difference; that answer is not stored for the key, so the repeat after the top-up pays.
 */
export async function subscribe(
  ctx: AppContext,
  viewerId: number,
  creatorId: number,
  period: number,
  key: string,
): Promise<PaidAnswer<PurchaseResponse> & { replayed: boolean }> {
  const arrivedAt = Date.now();
  return payOrTopUp(
    ctx,
    { userId: viewerId, key, operation: 'subscribe', params: { creatorId, period } },
    async (tx, effects, idempotencyKey, wants) => {
      const creator = await repo.findCreator(tx, creatorId);
      if (!creator) throw new AppError('user_not_found');
      // A creator who blocked the viewer is hidden from them: 404 like the profile; one the
      // viewer blocked is refused until they unblock.
      await requireAccess({ db: tx }, viewerId, 'user.relate', [creatorId]);
      const priceCents = subscriptionPriceCents(creator, period);
      if (priceCents === undefined) throw new AppError('subscription_not_offered');
      if (creator.id === viewerId) throw new AppError('cannot_pay_self');
      wants({ priceCents, returnTo: subscribeReturnPath(creator.slug, period) });
      await repo.lockSubscriber(tx, viewerId);
      // Parallel requests under different keys (two tabs, a double tap) wait on the lock above;
      // the first pays, the others find its period and answer what it did, charging nothing.
      const pair = { subscriberId: viewerId, creatorId, months: period };
      if (await repo.paidPeriodSince(tx, pair, new Date(arrivedAt - DUPLICATE_WINDOW_MS)))
        return { status: 200, body: { success: true } };
      const paidUntil = await repo.activeUntil(tx, viewerId, creatorId);
      const startsAt = paidUntil ?? new Date();
      const receipt = await payFromWallet(ctx, tx, effects, {
        kind: 'subscription',
        payerId: viewerId,
        creatorId,
        priceCents,
        idempotencyKey,
        initiatorId: viewerId,
      });
      const periodId = await repo.insertPeriod(tx, {
        subscriberId: viewerId,
        creatorId,
        startsAt,
        periodMonths: period,
        priceCents,
        transferId: receipt.transferId,
      });
      // Buying ahead extends a subscription the creator heard of already.
      if (!paidUntil)
        await noticeNewSubscriber(ctx, tx, effects, {
          subscriberId: viewerId,
          creatorId,
          periodId,
        });
      return { status: 200, body: { success: true } };
    },
  );
}

async function requireUserExists(ctx: AppContext, id: number) {
  const creator = await repo.findCreator(ctx.db, id);
  if (!creator) throw new AppError('user_not_found');
  return creator;
}

/** GET /api/users/{id}/subscription: the viewer's subscription to the creator. */
export async function subscriptionState(
  ctx: AppContext,
  viewerId: number,
  creatorId: number,
): Promise<SubscriptionState> {
  await requireUserExists(ctx, creatorId);
  const latest = await repo.latestPeriod(ctx.db, viewerId, creatorId);
  const active = latest !== undefined && latest.expiresAt.getTime() > Date.now();
  return {
    subscribed: active,
    expires_at: active ? latest.expiresAt.toISOString() : null,
    renews: active && latest.renews,
    period: active ? latest.periodMonths : null,
  };
}

/**
 * DELETE /api/users/{id}/subscribe: no renewal. The paid time stays (access until it ends);
 * the sweeper then ends it with `subscription.ended` `cancelled`.
 */
export async function cancelSubscription(
  ctx: AppContext,
  viewerId: number,
  creatorId: number,
): Promise<SubscriptionState> {
  await requireUserExists(ctx, creatorId);
  await repo.stopRenewals(ctx.db, viewerId, creatorId);
  return subscriptionState(ctx, viewerId, creatorId);
}

/** GET /api/users/me/subscribers: active subscribers of the signed-in creator. */
export async function subscribersOf(ctx: AppContext, creatorId: number): Promise<Subscriber[]> {
  const rows = await repo.activeSubscribers(ctx.db, creatorId);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    profileImage: row.avatarKey ? ctx.mediaSigner.url(row.avatarKey, creatorId) : null,
    since: new Date(row.since).toISOString(),
    expires_at: new Date(row.expiresAt).toISOString(),
    renews: row.renews,
  }));
}
