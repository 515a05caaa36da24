import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { AccountSession } from '@glimpse/contract';
import type { Client } from '../../../test/harness.ts';
import { registration } from '../../../test/factories.ts';
import { PUBLIC, SIGNED_IN, type Fixture, type RouteCase } from './authz-routes.table.ts';
import { ACCOUNT_DELETION_TABLE } from './authz-routes.account-deletion.table.ts';
import { TWO_FACTOR_TABLE } from './authz-routes.two-factor.table.ts';

/**
 * The authorization matrix rows of the account routes (features/auth, issue 27): addresses,
 * passwords and sessions. Every account route acts on the caller's own account, so the rows
 * show who may call it; none may leave an actor's fixture session or password changed.
 */

/** A well-formed token no link was ever mailed with. */
const UNKNOWN_TOKEN = 'A'.repeat(43);
const TOKEN_INVALID = { 400: 'token_invalid' };
const REFUSED_TOKEN: RouteCase['statuses'] = [400, 400, 400, 400, 400];

const sessionsOf = async (c: Client, cookie?: string) =>
  (
    await c.request({
      method: 'GET',
      url: '/api/auth/sessions',
      ...(cookie ? { headers: { cookie: `glimpse_session=${cookie}` } } : {}),
    })
  ).json<AccountSession[]>();

/**
 * Each actor tries to end one of the owner's sessions. The owner's own try ends the fresh session
 * the row signed in for it (never the fixture's); the others try the fixture owner's.
 */
async function endOwnersSession(
  c: Client,
  _url: string,
  f: Fixture,
): Promise<LightMyRequestResponse> {
  if (!c.cookie) return c.delete('/api/auth/sessions/00000000-0000-4000-8000-000000000000');
  const ownersSessions = await sessionsOf(c, f.users.owner.cookie);
  const mine = (await sessionsOf(c)).find((s) => s.current)!;
  const target = ownersSessions.some((s) => s.id === mine.id)
    ? mine.id
    : ownersSessions.find((s) => s.current)!.id;
  return c.delete(`/api/auth/sessions/${target}`);
}

export const ACCOUNTS_TABLE: RouteCase[] = [
  // A mailed link speaks for itself: signed in or not, an unknown one is refused alike.
  {
    method: 'POST',
    path: '/api/auth/email/verify',
    statuses: REFUSED_TOKEN,
    errKeys: TOKEN_INVALID,
    body: () => ({ token: UNKNOWN_TOKEN }),
  },
  {
    method: 'POST',
    path: '/api/auth/password/reset',
    statuses: REFUSED_TOKEN,
    errKeys: TOKEN_INVALID,
    body: () => ({ token: UNKNOWN_TOKEN, password: 'a brand new passphrase 42' }),
  },
  {
    method: 'POST',
    path: '/api/auth/password/forgot',
    statuses: PUBLIC,
    body: (f, actor) => ({ email: f.users[actor === 'anonymous' ? 'owner' : actor].body.email }),
  },
  // The fixture's addresses are confirmed (as paying needs): no actor gets another link.
  {
    method: 'POST',
    path: '/api/auth/email/resend',
    statuses: [401, 409, 409, 409, 409],
    errKeys: { 409: 'email_already_verified' },
  },
  // A wrong current password, so no actor's password or other sessions change.
  {
    method: 'PUT',
    path: '/api/users/me/password',
    statuses: [401, 400, 400, 400, 400],
    errKeys: { 400: 'password_incorrect' },
    body: () => ({ current_password: 'not the password', password: 'a brand new passphrase 42' }),
  },
  // Asking changes nothing until the new address's link is followed.
  {
    method: 'POST',
    path: '/api/users/me/email',
    statuses: SIGNED_IN,
    body: (f, actor) => ({
      email: registration().email,
      password: f.users[actor === 'anonymous' ? 'owner' : actor].body.password,
    }),
  },
  {
    method: 'PUT',
    path: '/api/users/me/language',
    statuses: SIGNED_IN,
    body: () => ({ language: 'en' }),
  },
  {
    method: 'GET',
    path: '/api/auth/sessions',
    statuses: SIGNED_IN,
    check: (_f, actor, response) =>
      expect(
        response.json<AccountSession[]>().filter((s) => s.current),
        actor,
      ).toHaveLength(1),
  },
  {
    method: 'DELETE',
    path: '/api/auth/sessions/{id}',
    statuses: [401, 404, 404, 404, 204],
    errKeys: { 404: 'session_not_found' },
    freshSession: true,
    send: endOwnersSession,
  },
  // From the fixture's session: it ends only sessions other rows signed in for a call.
  {
    method: 'POST',
    path: '/api/auth/sessions/revoke-others',
    statuses: SIGNED_IN,
  },
  // Second factors: sign-in's second step, passkeys, settings, step-up.
  ...TWO_FACTOR_TABLE,
  // Deleting the account, or keeping it.
  ...ACCOUNT_DELETION_TABLE,
];
