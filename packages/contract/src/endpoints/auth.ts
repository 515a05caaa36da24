import { echoBody, successBody } from '../schemas/common.ts';
import {
  accountSessionsResponse,
  changeEmailBody,
  changePasswordBody,
  forgotPasswordBody,
  loginBody,
  registerBody,
  resetPasswordBody,
  revokeOthersResponse,
  sessionBody,
  sessionIdParam,
  updateLanguageBody,
  verifyEmailBody,
  verifyEmailResponse,
} from '../schemas/auth.ts';
import { currentUserSchema } from '../schemas/users.ts';
import { twoFactorRequiredSchema } from '../schemas/account.ts';
import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { endpointRoutes as r } from './routes.ts';

export const authEndpoints = {
  echo: defineEndpoint(r.echo, { response: echoBody }),
  register: defineEndpoint(r.register, {
    body: registerBody,
    status: 201,
    response: currentUserSchema,
    errors: [
      'underage',
      'email_taken',
      'password_too_common',
      'unknown_country',
      'consent_required',
      'terms_outdated',
      'rate_limited',
    ],
  }),
  login: defineEndpoint(r.login, {
    body: loginBody,
    /** The user, signed in; or, with a second factor set, no session and the second step due. */
    response: z.union([currentUserSchema, twoFactorRequiredSchema]),
    errors: ['invalid_credentials', 'rate_limited'],
  }),
  logout: defineEndpoint(r.logout, { status: 204 }),
  me: defineEndpoint(r.me, { response: currentUserSchema }),
  /** The session's user or null: what the web app asks on load (an anonymous visit is no error). */
  session: defineEndpoint(r.session, { response: sessionBody }),
  clearGuide: defineEndpoint(r.clearGuide, { response: successBody }),

  // Accounts people can trust (issue 27): addresses, passwords, sessions.
  /** Follows a mailed link; works signed in or not (the link may open on another device). */
  verifyEmail: defineEndpoint(r.verifyEmail, {
    body: verifyEmailBody,
    response: verifyEmailResponse,
    errors: ['token_invalid', 'token_expired', 'email_taken', 'rate_limited'],
  }),
  resendVerification: defineEndpoint(r.resendVerification, {
    response: successBody,
    errors: ['email_already_verified', 'rate_limited'],
  }),
  forgotPassword: defineEndpoint(r.forgotPassword, {
    body: forgotPasswordBody,
    response: successBody,
    errors: ['rate_limited'],
  }),
  /**
   * Sets the password, ends every session of the account and signs this browser in; with a
   * second factor set, the sign-in's second step is due first (as for `login`).
   */
  resetPassword: defineEndpoint(r.resetPassword, {
    body: resetPasswordBody,
    response: z.union([currentUserSchema, twoFactorRequiredSchema]),
    errors: ['token_invalid', 'token_expired', 'password_too_common', 'rate_limited'],
  }),
  changePassword: defineEndpoint(r.changePassword, {
    body: changePasswordBody,
    response: successBody,
    errors: ['password_incorrect', 'password_too_common', 'second_factor_required', 'rate_limited'],
  }),
  changeEmail: defineEndpoint(r.changeEmail, {
    body: changeEmailBody,
    response: successBody,
    errors: [
      'password_incorrect',
      'email_taken',
      'email_unchanged',
      'second_factor_required',
      'rate_limited',
    ],
  }),
  updateLanguage: defineEndpoint(r.updateLanguage, {
    body: updateLanguageBody,
    response: successBody,
  }),
  sessions: defineEndpoint(r.sessions, { response: accountSessionsResponse }),
  revokeSession: defineEndpoint(r.revokeSession, {
    params: sessionIdParam,
    status: 204,
    errors: ['session_not_found'],
  }),
  revokeOtherSessions: defineEndpoint(r.revokeOtherSessions, { response: revokeOthersResponse }),
};
