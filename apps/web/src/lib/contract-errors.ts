import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { fieldMessage } from './error-message.ts';
import type { FieldErrorMap } from './form-errors.ts';

type Issue = z.ZodError['issues'][number];

/** Our wording for a zod issue: length limits and the contract's own message keys. */
function issueMessage(t: TFunction, issue: Issue): string {
  if (issue.code === 'too_big' && issue.origin === 'string') {
    return t('fields.too_long', { max: Number(issue.maximum) });
  }
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) <= 1) {
    return t('fields.required');
  }
  return fieldMessage(t, issue.message);
}

/**
 * Checks a request body with the contract's own schema before it is sent, so the form refuses
 * exactly what the server would, with no bounds re-typed in the web. Each problem lands on its
 * form field through the same map the server's field errors use; `wording` replaces the message
 * for fields whose rule reads better as one sentence (a price range, a password length).
 */
export function contractFieldErrors<F extends string>(
  t: TFunction,
  schema: z.ZodType,
  body: unknown,
  fieldNames: Record<string, F>,
  wording: Partial<Record<F, string>> = {},
): FieldErrorMap<F> {
  const result = schema.safeParse(body);
  if (result.success) return {};
  const errors: FieldErrorMap<F> = {};
  for (const issue of result.error.issues) {
    const field = fieldNames[String(issue.path[0] ?? '')];
    if (!field) continue;
    const message = wording[field] ?? issueMessage(t, issue);
    const list = (errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return errors;
}
