import { errorCatalogue, isErrKey, STORY_PRICE_MAX, STORY_PRICE_MIN } from '@glimpse/contract';
import type { TFunction } from 'i18next';
import { ApiError } from './api.ts';

/** The sentence to show for a failed call: the catalogue text, else err_msg, else a generic one. */
export function errorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    // Values some catalogue texts interpolate (spec 8: max_price_error shows min 0 and max 49.99).
    // A key whose text has not loaded (feature texts load with their screens) falls through.
    if (error.errKey && t(errorCatalogue[error.errKey].message, { defaultValue: '' })) {
      return t(errorCatalogue[error.errKey].message, {
        min: STORY_PRICE_MIN,
        max: STORY_PRICE_MAX,
      });
    }
    if (typeof error.errMsg === 'string' && error.errMsg) return error.errMsg;
  }
  return t('common.somethingWentWrong');
}

/**
 * A field message from the server is a zod message (`email_invalid`, `date_invalid`, or English
 * text from zod itself) or an err_key (`password_too_common`, `email_taken`); known keys get our
 * wording (the field text first, else the catalogue text), anything else is shown as it came.
 */
export function fieldMessage(t: TFunction, message: string): string {
  const key = `fields.${message}`;
  const fallback = isErrKey(message)
    ? t(errorCatalogue[message].message, { min: STORY_PRICE_MIN, max: STORY_PRICE_MAX })
    : message;
  return t(key, { defaultValue: fallback });
}
