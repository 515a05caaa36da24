import type { z } from 'zod';
import { AppError } from '../errors/app-error.ts';

/** Validates a value that did not come through a route schema, with the same error shape. */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  value: unknown,
  fieldPrefix?: string,
): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // No prototype: a field named `constructor` or `__proto__` must not find Object's own.
  const errors: Record<string, string[]> = Object.create(null);
  for (const issue of result.error.issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [undefined];
    for (const key of keys) {
      const field =
        [fieldPrefix, ...issue.path, key].filter((p) => p !== undefined).join('.') || '_';
      (errors[field] ??= []).push(key ? 'unknown_field' : issue.message);
    }
  }
  throw new AppError('validation_failed', { errors });
}
