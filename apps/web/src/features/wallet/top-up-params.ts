import { PAYMENT_MAX, TOP_UP_MIN } from '@glimpse/contract';
import { parseMoney } from '../../lib/money.ts';

/** What came back from a checkout (`success` / `fail`), or null. */
export function topUpOutcomeOf(search: URLSearchParams): 'success' | 'fail' | null {
  const value = search.get('top_up');
  return value === 'success' || value === 'fail' ? value : null;
}

/** `?top_up=<amount>`: a purchase sent the person here to add that much (prefills the form). */
export function prefilledAmountOf(search: URLSearchParams): number | null {
  const parsed = parseMoney(search.get('top_up') ?? '', PAYMENT_MAX);
  return typeof parsed === 'number' && parsed > 0 ? Math.max(parsed, TOP_UP_MIN) : null;
}

/** `?return_to=`: where to come back after the checkout; only a path of this app. */
export function returnToOf(search: URLSearchParams): string | null {
  const value = search.get('return_to');
  return value && /^\/(?![/\\])[\x21-\x7e]*$/.test(value) && value.length <= 500 ? value : null;
}
