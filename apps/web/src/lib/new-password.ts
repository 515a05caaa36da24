import { PASSWORD_MIN } from '@glimpse/contract';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { contractFieldErrors } from './contract-errors.ts';

/**
 * What a new password's field says before a round trip (sign-up's rules: empty, too short, then
 * the request's own contract schema, whose `password` field it is), or undefined when the server
 * may have it. The schema comes from the caller: importing one here would put zod in the chunk
 * of every screen that imports this feature's face.
 */
export function newPasswordErrors(
  t: TFunction,
  password: string,
  schema: z.ZodObject,
): string[] | undefined {
  if (!password) return [t('fields.required')];
  if (password.length < PASSWORD_MIN) return [t('fields.too_short', { min: PASSWORD_MIN })];
  const passwordOnly = schema.pick({ password: true });
  return contractFieldErrors(t, passwordOnly, { password }, { password: 'password' }).password;
}
