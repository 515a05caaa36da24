import { errorCatalogue, isErrKey, STORY_PRICE_MAX, STORY_PRICE_MIN } from '@glimpse/contract';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api.ts';
import { errorMessage, fieldMessage } from '../../lib/error-message.ts';
import './posting-texts.ts';

/**
 * One message from a story answer: an err_key (`max_price_error`, `verification_required`) gets
 * its catalogue sentence, a field message our wording when we know it, else the text as sent.
 */
export function storyMessage(t: TFunction, message: string): string {
  if (isErrKey(message)) {
    return t(errorCatalogue[message].message, { min: STORY_PRICE_MIN, max: STORY_PRICE_MAX });
  }
  return t(`posting.serverMessages.${message}`, { defaultValue: fieldMessage(t, message) });
}

/** The field lists inside an err_msg object (`{ price: [...], min, max }` keeps only `price`). */
export function errMsgFields(error: unknown): Record<string, string[]> | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const errMsg = error.errMsg;
  if (typeof errMsg !== 'object' || errMsg === null || Array.isArray(errMsg)) return undefined;
  const fields: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(errMsg)) {
    if (Array.isArray(value))
      fields[field] = value.filter((v): v is string => typeof v === 'string');
  }
  return fields;
}

/** `model.tags.3` -> `tags`: the form field a server path belongs to. */
export function formFieldOf(serverField: string): string {
  return serverField.replace(/^(model|meta)\./, '').split('.')[0] ?? serverField;
}

/**
 * What a failed post shows under the form (spec 8: the err_msg list, the first also as a
 * snackbar): err_msg entries, else the field errors, else the catalogue sentence.
 */
export function postErrorMessages(t: TFunction, error: unknown): string[] {
  if (error instanceof ApiError) {
    const fields = errMsgFields(error);
    if (fields) {
      const messages = Object.values(fields).flat();
      if (messages.length > 0) return messages.map((message) => storyMessage(t, message));
    }
    if (Array.isArray(error.errMsg) && error.errMsg.length > 0) return error.errMsg;
    const fieldErrors = Object.entries(error.errors).flatMap(([field, messages]) => {
      const label = t(`posting.fieldNames.${formFieldOf(field)}`, { defaultValue: field });
      return messages.map((message) => `${label}: ${storyMessage(t, message)}`);
    });
    if (fieldErrors.length > 0) return [errorMessage(t, error), ...fieldErrors];
  }
  return [errorMessage(t, error)];
}
