import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';

/** The reasons of a 400 cannot_send_msg the viewer explains in its own words. */
const EXPLAINED = new Set(['messages_turned_off', 'subscribers_only', 'user_blocked']);

/**
 * Why a reply did not go, in a sentence naming the creator: the creator's message rules answer
 * a reply as they answer a direct message (should_pay_option, cannot_send_msg with a reason).
 */
export function replyRefusalText(t: TFunction, error: unknown, name: string): string {
  if (isApiError(error, 'should_pay_option')) return t('viewer.reply.refused.pay', { name });
  if (isApiError(error, 'cannot_send_msg')) {
    const reason = error.errMsg;
    if (typeof reason === 'string' && EXPLAINED.has(reason)) {
      return t(`viewer.reply.refused.${reason}`, { name });
    }
    return t('viewer.reply.refused.other', { name });
  }
  return errorMessage(t, error);
}
