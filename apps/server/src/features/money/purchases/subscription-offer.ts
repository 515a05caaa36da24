import { subscriptionTotalCents } from '@glimpse/contract';
import type { CreatorRow } from './purchases.repository.ts';

/**
 * What `period` months of the creator cost in cents, or undefined when the creator does not
 * offer it: not verified, no monthly price, or (for a bundle) no enabled bundle of that period.
 */
export function subscriptionPriceCents(creator: CreatorRow, period: number): number | undefined {
  const monthly = creator.subscribePriceCents;
  if (!creator.verifyOndatoAt || !monthly || monthly <= 0) return undefined;
  if (period === 1) return monthly;
  const bundle = creator.bundles.find((b) => b.period === period && b.isEnabled);
  if (!bundle) return undefined;
  const total = subscriptionTotalCents(monthly, period, bundle.discount);
  return total > 0 ? total : undefined;
}

/** The creator's direct-message price in cents when they sell direct messages. */
export function directMessagePriceCents(creator: CreatorRow): number | undefined {
  const price = creator.directMessagePriceCents;
  if (!creator.verifyOndatoAt || creator.directMessageTurnOff || !price || price <= 0)
    return undefined;
  return price;
}
