import { PAYMENT_MAX, TOP_UP_MIN, TOP_UP_PRESETS } from '@glimpse/contract';

/**
 * The top-up to suggest when `missing` is lacking: the smallest preset that covers it, or the
 * missing amount itself (rounded up to the cent, at least TOP_UP_MIN) when no preset does.
 */
export function suggestedTopUp(missing: number): number {
  const needed = Math.max(TOP_UP_MIN, Math.ceil(Math.max(0, missing) * 100) / 100);
  const preset = TOP_UP_PRESETS.find((amount) => amount >= needed);
  return preset ?? Math.min(needed, PAYMENT_MAX);
}

/** The options a top-up offers: the presets, plus the suggestion when it is none of them. */
export function topUpChoices(suggested: number): number[] {
  const presets: number[] = [...TOP_UP_PRESETS];
  return presets.includes(suggested) ? presets : [...presets, suggested];
}
