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
  /** The app's language, for the mails the account gets; English when absent. */
  language: z.enum(['en', 'de']).optional(),
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

/** The languages mails are written in; the web app's languages (apps/web/src/i18n/languages.ts). */
export const accountLanguageSchema = z.enum(['en', 'de']);
export type AccountLanguage = z.infer<typeof accountLanguageSchema>;

/** A single-use token from a mailed link (43 base64url characters; bounded, never logged). */
export const mailedTokenSchema = z
  .string()
  .min(20)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'token_invalid' });

/** POST /api/auth/email/verify: confirms an address (sign-up's or a new one) by its link. */
export const verifyEmailBody = z.strictObject({ token: mailedTokenSchema });
export type VerifyEmailBody = z.infer<typeof verifyEmailBody>;
/** What the link confirmed: the sign-up's address, or a changed address now the account's. */
export const verifyEmailResponse = z.strictObject({
  email: z.string(),
  purpose: z.enum(['email_verify', 'email_change']),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponse>;

/** POST /api/auth/password/forgot: answers the same for known and unknown addresses. */
export const forgotPasswordBody = z.strictObject({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

/** POST /api/auth/password/reset: a new password by the mailed link; signs in, ends the rest. */
export const resetPasswordBody = z.strictObject({
  token: mailedTokenSchema,
  password: passwordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** PUT /api/users/me/password: the current password proves it is the owner; ends other sessions. */
export const changePasswordBody = z.strictObject({
  current_password: loginBody.shape.password,
  password: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** POST /api/users/me/email: a link goes to the new address, a notice to the old one. */
export const changeEmailBody = z.strictObject({
  email: emailSchema,
  password: loginBody.shape.password,
});
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;

/** PUT /api/users/me/language: the language the account's mails are written in. */
export const updateLanguageBody = z.strictObject({ language: accountLanguageSchema });
export type UpdateLanguageBody = z.infer<typeof updateLanguageBody>;

/** One signed-in device in GET /api/auth/sessions. */
export const accountSessionSchema = z.strictObject({
  id: z.string(),
  /** "Firefox on Windows", from the User-Agent at sign-in; "Unknown device" when it said nothing. */
  device: z.string(),
  /** The country of the last address it was used from, or null when unknown. */
  place: z.string().nullable(),
  last_used_at: z.string(),
  created_at: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsResponse = z.array(accountSessionSchema);

export const sessionIdParam = z.strictObject({ id: z.uuid({ message: 'session_not_found' }) });

/** POST /api/auth/sessions/revoke-others: how many sessions were ended. */
export const revokeOthersResponse = z.strictObject({ revoked: z.number().int().min(0) });
