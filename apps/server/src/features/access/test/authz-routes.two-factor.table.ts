import type { Client } from '../../../test/harness.ts';
import { PUBLIC, SIGNED_IN, type RouteCase, type Statuses } from './authz-routes.table.ts';

/**
 * The authorization matrix rows of two-factor sign-in (features/auth, issue 27). The fixture's
 * accounts have no second factor, and every row leaves them so: the second steps have nothing
 * pending, codes and passkey answers are wrong, and turning things off finds nothing on.
 */

const NOTHING_PENDING: Statuses = [401, 401, 401, 401, 401];
const NOT_ENABLED: Statuses = [401, 409, 409, 409, 409];
const SIGN_IN_EXPIRED = { 401: 'sign_in_expired' };
const TWO_FACTOR_OFF = { 409: 'two_factor_not_enabled' };

/** A passkey answer no authenticator made: refused before any check, for want of a challenge. */
const FAKE_PASSKEY = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
  clientExtensionResults: {},
};

export const TWO_FACTOR_TABLE: RouteCase[] = [
  // The sign-in's second step and passwordless sign-in: nothing pending for anyone.
  {
    method: 'POST',
    path: '/api/auth/login/second-factor',
    statuses: NOTHING_PENDING,
    errKeys: SIGN_IN_EXPIRED,
    body: () => ({ code: '123456' }),
  },
  {
    method: 'POST',
    path: '/api/auth/login/second-factor/passkey-options',
    statuses: NOTHING_PENDING,
    errKeys: SIGN_IN_EXPIRED,
  },
  { method: 'POST', path: '/api/auth/passkey/options', statuses: PUBLIC },
  {
    method: 'POST',
    path: '/api/auth/passkey',
    statuses: NOTHING_PENDING,
    errKeys: SIGN_IN_EXPIRED,
    body: () => ({ passkey: FAKE_PASSKEY }),
  },

  // Settings act on the caller's own account.
  { method: 'GET', path: '/api/auth/2fa', statuses: SIGNED_IN },
  // A setup stays pending (nothing changes) until a right code enables it.
  { method: 'POST', path: '/api/auth/2fa/totp/setup', statuses: SIGNED_IN },
  {
    method: 'POST',
    path: '/api/auth/2fa/totp/enable',
    statuses: [401, 400, 400, 400, 400],
    errKeys: { 400: 'code_invalid' },
    send: async (c: Client) => {
      if (c.cookie) await c.post('/api/auth/2fa/totp/setup');
      return c.post('/api/auth/2fa/totp/enable', { code: '000000' });
    },
  },
  { method: 'DELETE', path: '/api/auth/2fa/totp', statuses: NOT_ENABLED, errKeys: TWO_FACTOR_OFF },
  { method: 'POST', path: '/api/auth/2fa/passkeys/options', statuses: SIGNED_IN },
  {
    method: 'POST',
    path: '/api/auth/2fa/passkeys',
    statuses: NOTHING_PENDING,
    errKeys: SIGN_IN_EXPIRED,
    actorErrKeys: { anonymous: 'unauthenticated' },
    body: () => ({ passkey: FAKE_PASSKEY }),
  },
  {
    method: 'DELETE',
    path: '/api/auth/2fa/passkeys/{id}',
    statuses: [401, 404, 404, 404, 404],
    errKeys: { 404: 'passkey_not_found' },
    send: (c: Client) => c.delete('/api/auth/2fa/passkeys/00000000-0000-4000-8000-000000000000'),
  },
  {
    method: 'POST',
    path: '/api/auth/2fa/recovery-codes',
    statuses: NOT_ENABLED,
    errKeys: TWO_FACTOR_OFF,
  },
  { method: 'DELETE', path: '/api/auth/2fa', statuses: NOT_ENABLED, errKeys: TWO_FACTOR_OFF },

  // Step-up: there is no factor to prove.
  {
    method: 'POST',
    path: '/api/auth/2fa/verify/passkey-options',
    statuses: NOT_ENABLED,
    errKeys: TWO_FACTOR_OFF,
  },
  {
    method: 'POST',
    path: '/api/auth/2fa/verify',
    statuses: NOT_ENABLED,
    errKeys: TWO_FACTOR_OFF,
    body: () => ({ code: '123456' }),
  },
];
