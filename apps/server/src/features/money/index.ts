/**
 * The money feature's public face: what other features, the server and the demo seed use. The
 * rest (ledger, wallet, providers, purchases) is internal. A purchase is one walk inside money:
 * route -> purchase service -> `payFromWallet` -> ledger -> repository; a refund of a top-up
 * reverses the purchases it paid for and revokes what they bought (purchases/purchase-reversals.ts)
 * without leaving the feature.
 */
import type { AppContext } from '../../platform/context.ts';
import type { FeatureRoutes } from '../../platform/http/app.ts';
import { startPayout } from './providers/payouts.service.ts';
import { paymentsRoutes } from './providers/payments.routes.ts';
import { payoutMethodRoutes } from './providers/payout-method.routes.ts';
import { sandboxPaymentPages } from './providers/sandbox-pages.routes.ts';
import { purchasesRoutes } from './purchases/purchases.routes.ts';
import { walletRoutes } from './wallet/wallet.routes.ts';

// Pay, for seeds: purchases written with their ledger transfer under fixed keys.
export {
  seedDirectMessagePurchase,
  seedSubscription,
  seedTip,
  seedUnlock,
} from './purchases/seed-purchases.service.ts';
export { creditSeedTopUp } from './providers/top-up.ts';
// What purchases tell other features: a creator's subscribers, a story's tips.
export { subscribersOf } from './purchases/subscriptions.service.ts';
export { storyTips } from './purchases/tips.service.ts';
// Moderation's enforcement (issue 29): a creator suspended for good refunds the unused part of
// their subscribers' periods, once.
export { refundSubscribersOf } from './purchases/suspension-refunds.ts';
// Background work on worker nodes: releasing held earnings, renewing and ending subscriptions.
export { EarningsReleaser } from './ledger/earnings-release.ts';
export { SubscriptionSweeper } from './purchases/subscription-renewal.ts';
// Tells subscribers some days ahead that a subscription which will not renew ends.
export { SubscriptionEndingNotifier } from './purchases/subscription-ending.ts';

/**
 * Money's routes: wallet, top-ups and payouts, where payouts go, provider pages and webhooks,
 * purchases.
 */
export function moneyRoutes(ctx: AppContext): FeatureRoutes[] {
  return [
    walletRoutes(ctx),
    payoutMethodRoutes(ctx),
    paymentsRoutes(ctx),
    sandboxPaymentPages(ctx),
    purchasesRoutes(ctx),
  ] as FeatureRoutes[];
}

/** Money's jobs: handing a creator's payout to the provider (pay out). */
export function registerMoneyJobs(ctx: AppContext): void {
  ctx.jobs.register('payout.start', (payload, attempt) => startPayout(ctx, payload, attempt));
}
