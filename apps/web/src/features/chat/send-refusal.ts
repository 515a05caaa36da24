import type { PaidOption } from '@glimpse/contract';
import type { TFunction } from 'i18next';
import { ApiError, isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';

/** How the chat answers a refused message (spec 8). */
export type SendRefusal =
  { kind: 'pay'; options: PaidOption[] } | { kind: 'snackbar'; text: string };

function errMsgText(error: ApiError): string | undefined {
  const message = error.errMsg;
  if (typeof message === 'string' && message.trim()) return message;
  if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
  return undefined;
}

/** The contract's PAID_OPTIONS, restated: its module is zod's, which the web imports types from. */
const PAID_OPTION_TYPES: readonly PaidOption['type'][] = ['subscribe', 'direct_message'];

/** `err_paid_options` of a should_pay_option answer: the offers that are well formed, else none. */
export function paidOptionsOf(error: ApiError): PaidOption[] {
  const options = error.body.err_paid_options;
  if (!Array.isArray(options)) return [];
  return options.filter(
    (option): option is PaidOption =>
      typeof option === 'object' &&
      option !== null &&
      PAID_OPTION_TYPES.includes((option as PaidOption).type) &&
      typeof (option as PaidOption).price === 'number',
  );
}

/**
 * A direct message refused: should_pay_option opens the options dialog with err_paid_options,
 * cannot_send_msg shows its err_msg, anything else "something went wrong".
 */
export function directRefusal(t: TFunction, error: unknown): SendRefusal {
  if (isApiError(error, 'should_pay_option')) {
    return { kind: 'pay', options: paidOptionsOf(error) };
  }
  if (isApiError(error, 'cannot_send_msg')) {
    return { kind: 'snackbar', text: errMsgText(error) ?? t('errors.cannot_send_msg') };
  }
  return { kind: 'snackbar', text: t('common.somethingWentWrong') };
}

/** A channel message refused: its err_msg, or the message of its key. */
export function channelRefusalText(t: TFunction, error: unknown): string {
  return (error instanceof ApiError && errMsgText(error)) || errorMessage(t, error);
}
