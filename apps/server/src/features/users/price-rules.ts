import { AppError } from '../../platform/errors/app-error.ts';

/** Identity verification is a date; a user without one is not verified. */
export function isVerified(user: { verifyOndatoAt: Date | null }): boolean {
  return user.verifyOndatoAt !== null;
}

/**
 * Spec 1 and 6: only a verified user sets a price above 0. One rule for every price field (a
 * story's price, the subscription price, the direct-message price); 0 and null mean no price and
 * are open to everyone. Every refused field is named, under `err_msg` (spec 8 shows those under
 * the fields) and `errors`.
 */
export function assertMaySetPrices(
  prices: Record<string, number | null | undefined>,
  verified: boolean,
): void {
  if (verified) return;
  const refused = Object.keys(prices).filter((field) => (prices[field] ?? 0) > 0);
  if (refused.length === 0) return;
  const byField = Object.fromEntries(refused.map((field) => [field, ['verification_required']]));
  throw new AppError('verification_required', { err_msg: byField, errors: byField });
}
