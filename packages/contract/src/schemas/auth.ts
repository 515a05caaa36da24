import { z } from 'zod';
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../constants.ts';
import { birthdate } from './common.ts';
import { countryCode, sexSchema } from './reference.ts';
import { displayName, secretText, singleLineText } from './text.ts';
import { currentUserSchema } from './users.ts';

export const emailSchema = singleLineText({ max: 254 })
  .toLowerCase()
  .pipe(z.email({ message: 'email_invalid' }));

export const passwordSchema = secretText({ min: PASSWORD_MIN, max: PASSWORD_MAX });

export const registerBody = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  name: displayName({ max: NAME_MAX }),
  birthdate,
  sex: sexSchema,
  country_code: countryCode,
  /**
   * Consent, recorded with the account: the terms of service and privacy policy accepted, the
   * person confirms being 18 or older, and the terms' version the form showed (TERMS_VERSION).
   * `false` is refused with `consent_required`, an older version with `terms_outdated`.
   */
  accept_terms: z.boolean(),
  confirm_adult: z.boolean(),
  terms_version: singleLineText({ min: 1, max: 32 }),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.strictObject({
  email: emailSchema,
  // Not secretText: a password is only compared, never stored, and one set before these rules
  // existed must still sign in. NUL and broken surrogates are refused for every route anyway.
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBody>;

export const registerResponse = currentUserSchema;

/** GET /api/auth/session: the signed-in user, or null for an anonymous visitor (not a 401). */
export const sessionBody = z.strictObject({ user: currentUserSchema.nullable() });
export type SessionBody = z.infer<typeof sessionBody>;
