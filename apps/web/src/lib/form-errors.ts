import type { TFunction } from 'i18next';
import { ApiError } from './api.ts';
import { errorMessage, fieldMessage } from './error-message.ts';

export type FieldErrorMap<F extends string> = Partial<Record<F, string[]>>;

export interface ServerFormErrors<F extends string> {
  /** Errors for the form's own fields, translated where we know the message. */
  fields: FieldErrorMap<F>;
  /** The err_key sentence, plus any field errors the form has no field for. */
  message: string | undefined;
}

/**
 * Splits a failed submit into per-field errors and one form-level message. `fieldNames` maps the
 * server's field names (e.g. `country_code`) to the form's (e.g. `country`).
 */
export function serverFormErrors<F extends string>(
  t: TFunction,
  error: unknown,
  fieldNames: Record<string, F>,
): ServerFormErrors<F> {
  const fields: FieldErrorMap<F> = {};
  const unplaced: string[] = [];
  if (error instanceof ApiError) {
    for (const [serverField, messages] of Object.entries(error.errors)) {
      // Nested paths like `bundles.0.discount` belong to their top-level field.
      const field = fieldNames[serverField] ?? fieldNames[serverField.split('.')[0] ?? ''];
      const texts = messages.map((message) => fieldMessage(t, message));
      if (field) fields[field] = [...(fields[field] ?? []), ...texts];
      else unplaced.push(...texts.map((text) => `${serverField}: ${text}`));
    }
  }
  const base = errorMessage(t, error);
  const message = unplaced.length > 0 ? `${base} ${unplaced.join(' ')}` : base;
  return { fields, message };
}

export function hasErrors<F extends string>(errors: FieldErrorMap<F>): boolean {
  return Object.values(errors).some((list) => Array.isArray(list) && list.length > 0);
}
