import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Client } from '../../../test/harness.ts';
import { unsubscribeToken } from '../../mail/index.ts';
import { PUBLIC, type Fixture, type RouteCase } from './authz-routes.table.ts';

/**
 * The authorization matrix rows of notification email's one-click unsubscribe
 * (features/notifications/email): the mailed token is the only credential, so every actor,
 * signed in or not, may use the owner's link, and nobody's session makes a forged one work.
 */

const unsubscribe = (token: (f: Fixture) => string) => (c: Client, _url: string, f: Fixture) =>
  c.post(`/api/notifications/unsubscribe/${token(f)}`) as Promise<LightMyRequestResponse>;

/** `secret`: the matrix server's, read when a row runs. */
export function notificationEmailTable(secret: () => string): RouteCase[] {
  return [
    {
      method: 'POST',
      path: '/api/notifications/unsubscribe/{token}',
      fill: { token: "owner's link" },
      statuses: PUBLIC,
      send: unsubscribe((f) => unsubscribeToken(secret(), f.users.owner.user.id, 'tip_received')),
      check: (_f, _actor, response) => expect(response.json()).toEqual({ type: 'tip_received' }),
    },
    {
      method: 'POST',
      path: '/api/notifications/unsubscribe/{token}',
      fill: { token: 'forged' },
      statuses: [400, 400, 400, 400, 400],
      errKeys: { 400: 'token_invalid' },
      send: unsubscribe((f) =>
        unsubscribeToken('not-the-secret', f.users.owner.user.id, 'tip_received'),
      ),
    },
  ];
}
