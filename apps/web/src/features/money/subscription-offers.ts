import type { Bundle } from '@glimpse/contract';
import { bundleTotal } from '../profile/index.ts';

export interface SubscriptionOffer {
  /** Months paid at once: 1, or an enabled bundle's period. */
  period: 1 | Bundle['period'];
  discount: number;
  /** What the period costs in total: price x period less the discount, rounded to cents. */
  total: number;
}

/** The monthly price first, then the creator's enabled bundles, shortest first. */
export function subscriptionOffers(monthlyPrice: number, bundles: Bundle[]): SubscriptionOffer[] {
  const enabled = bundles
    .filter((bundle) => bundle.isEnabled)
    .sort((a, b) => a.period - b.period)
    .map((bundle) => ({
      period: bundle.period,
      discount: bundle.discount,
      total: bundleTotal(monthlyPrice, bundle.period, bundle.discount),
    }));
  return [{ period: 1, discount: 0, total: bundleTotal(monthlyPrice, 1, 0) }, ...enabled];
}
