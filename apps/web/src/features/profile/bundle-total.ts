/** Spec 9: a bundle costs the monthly price times the period, minus the discount percent. */
export function bundleTotal(monthlyPrice: number, period: number, discountPercent: number): number {
  const cents = Math.round(monthlyPrice * 100) * period;
  return Math.round(cents * (1 - discountPercent / 100)) / 100;
}
