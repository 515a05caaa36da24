import { echoBody, successBody } from '../schemas/common.ts';
import { loginBody, registerBody, sessionBody } from '../schemas/auth.ts';
import { currentUserSchema } from '../schemas/users.ts';
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
    response: currentUserSchema,
    errors: ['invalid_credentials', 'rate_limited'],
  }),
  logout: defineEndpoint(r.logout, { status: 204 }),
  me: defineEndpoint(r.me, { response: currentUserSchema }),
  /** The session's user or null: what the web app asks on load (an anonymous visit is no error). */
  session: defineEndpoint(r.session, { response: sessionBody }),
  clearGuide: defineEndpoint(r.clearGuide, { response: successBody }),
};
