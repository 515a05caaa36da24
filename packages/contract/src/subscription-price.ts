/**
 * Spec 9: a subscription for `period` months costs the monthly price times the period, less the
 * bundle's discount percent, rounded half-up to the cent. In integers, so the server charges
 * exactly what the subscribe dialog shows (both call this).
 */
export function subscriptionTotalCents(
  monthlyPriceCents: number,
  period: number,
  discountPercent: number,
): number {
  return Math.floor((monthlyPriceCents * period * (100 - discountPercent) + 50) / 100);
}
