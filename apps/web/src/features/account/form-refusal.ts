import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { hasErrors, serverFormErrors, type FieldErrorMap } from '../../lib/form-errors.ts';

/**
 * A refused account form's errors: the server's field errors, plus the refusals that name no
 * field but belong under one (password_incorrect under the current password); anything else is
 * the form's message.
 */
export function formRefusal<F extends string>(
  t: TFunction,
  error: unknown,
  serverFields: Record<string, F>,
  fieldOfKey: Partial<Record<string, F>>,
): { fields: FieldErrorMap<F>; message: string | undefined } {
  const server = serverFormErrors(t, error, serverFields);
  const field = isApiError(error) && error.errKey ? fieldOfKey[error.errKey] : undefined;
  if (field && !server.fields[field]) server.fields[field] = [errorMessage(t, error)];
  return { fields: server.fields, message: hasErrors(server.fields) ? undefined : server.message };
}
