import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { errMsgFields, storyMessage } from '../story-editing/index.ts';

export type EditField = 'price' | 'text';

export interface EditErrorOutcome {
  /** Errors shown under the dialog's fields. */
  fields: Partial<Record<EditField, string[]>>;
  /** A sentence for the snackbar, when the failure is not only about fields. */
  snackbar: string | undefined;
}

/** `free` errors belong under the price, next to the free radio. */
export const editFieldOf: Record<string, EditField> = {
  price: 'price',
  free: 'price',
  text: 'text',
};

function placeFieldErrors(t: TFunction, source: Record<string, string[]>) {
  const fields: EditErrorOutcome['fields'] = {};
  const unplaced: string[] = [];
  for (const [serverField, messages] of Object.entries(source)) {
    const field = editFieldOf[serverField];
    const texts = messages.map((message) => storyMessage(t, message));
    if (field) fields[field] = [...(fields[field] ?? []), ...texts];
    else unplaced.push(...texts);
  }
  return { fields, unplaced };
}

function failureMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && !error.errKey) {
    if (typeof error.errMsg === 'string' && error.errMsg) return error.errMsg;
    return t('ownStories.edit.httpError', { status: error.status });
  }
  return errorMessage(t, error);
}

/**
 * Spec 8, edit story failure: an err_msg object puts its errors under the fields (price);
 * otherwise the message (or the HTTP status when there is none) goes to a snackbar and the
 * field errors come from `errors`.
 */
export function editErrorOutcome(t: TFunction, error: unknown): EditErrorOutcome {
  const errMsg = errMsgFields(error);
  if (errMsg) {
    const { fields, unplaced } = placeFieldErrors(t, errMsg);
    return { fields, snackbar: unplaced.length > 0 ? unplaced.join(' ') : undefined };
  }
  const { fields, unplaced } = placeFieldErrors(t, error instanceof ApiError ? error.errors : {});
  return { fields, snackbar: [failureMessage(t, error), ...unplaced].join(' ') };
}
