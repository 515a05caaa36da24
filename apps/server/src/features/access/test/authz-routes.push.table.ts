import { randomBytes } from 'node:crypto';
import { SIGNED_IN, type Actor, type RouteCase } from './authz-routes.table.ts';

/**
 * The authorization matrix rows of Web Push (features/notifications/push, issue 28): every
 * signed-in actor reads the key and saves or removes a browser of their own; removing names an
 * endpoint, and only the caller's own row goes (push.api.test.ts checks another's stays).
 */

/** Each actor's browser: a stable endpoint per actor (nothing is ever sent to it here). */
const browserOf = (actor: Actor) => ({
  endpoint: `http://127.0.0.1:9/authz-matrix/${actor}`,
  expirationTime: null,
  keys: {
    p256dh: Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  },
});

export const PUSH_TABLE: RouteCase[] = [
  { method: 'GET', path: '/api/notifications/push/key', statuses: SIGNED_IN },
  {
    method: 'POST',
    path: '/api/notifications/push/subscriptions',
    statuses: [401, 201, 201, 201, 201],
    body: (_f, actor) => browserOf(actor),
  },
  {
    method: 'POST',
    path: '/api/notifications/push/subscriptions/remove',
    statuses: [401, 204, 204, 204, 204],
    body: (_f, actor) => ({ endpoint: browserOf(actor).endpoint }),
  },
];
