import { z } from 'zod';

/**
 * Money crosses the wire as a decimal in currency units with at most two decimals and lives in
 * the server as integer cents; this is the one place that converts between them.
 */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

/** A non-negative amount of money in currency units, at most two decimals. */
export function moneyAmount(max: number) {
  return z
    .number()
    .finite()
    .min(0)
    .max(max)
    .refine(hasAtMostTwoDecimals, { message: 'at_most_two_decimals' });
}
