import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';

/**
 * Sign-in's answer to a suspended account: until when (`err_msg.until`, an ISO time; null when
 * suspended for good), so a person knows whether to wait or to appeal.
 */
export function suspensionMessage(t: TFunction, error: unknown): string {
  const details = error instanceof ApiError ? error.errMsg : undefined;
  const until =
    details && typeof details === 'object' && !Array.isArray(details) ? details.until : undefined;
  if (typeof until === 'string' && !Number.isNaN(Date.parse(until)))
    return t('auth.suspendedUntil', {
      date: formatDate(until, { dateStyle: 'long', timeStyle: 'short' }),
    });
  return t('auth.suspendedForGood');
}

/**
 * The token a refused sign-in carries after a right password (`standing_token`): it opens the
 * account's standing and its appeals, since a suspended account gets no session.
 */
export function suspensionStandingToken(error: unknown): string | undefined {
  const token = error instanceof ApiError ? error.body.standing_token : undefined;
  return typeof token === 'string' && token.length > 0 ? token : undefined;
}
