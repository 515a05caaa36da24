import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { NotificationsPage } from '@glimpse/contract';
import type { Client } from '../../../test/harness.ts';
import {
  NOBODY,
  SIGNED_IN,
  USER_404,
  type Actor,
  type Fixture,
  type RouteCase,
} from './authz-routes.table.ts';

/**
 * The authorization matrix rows of the bell, notification settings and muting a creator
 * (features/notifications): each signed-in actor reads and changes only their own. A mute made
 * by a row is lifted again at once, so later rows find the fixture as it was.
 */
async function muteThenUnmute(c: Client, url: string): Promise<LightMyRequestResponse> {
  const answer = await c.request({ method: 'POST', url });
  if (answer.statusCode === 200) await c.request({ method: 'DELETE', url });
  return answer;
}

const SUCCESS = (_f: Fixture, actor: Actor, response: LightMyRequestResponse) =>
  expect(response.json(), actor).toEqual({ success: true });

export const NOTIFICATIONS_TABLE: RouteCase[] = [
  {
    method: 'GET',
    path: '/api/notifications',
    statuses: SIGNED_IN,
    check: (_f, actor, response) =>
      expect(response.json<NotificationsPage>(), actor).toMatchObject({ items: expect.any(Array) }),
  },
  { method: 'GET', path: '/api/notifications/unread-count', statuses: SIGNED_IN },
  {
    method: 'POST',
    path: '/api/notifications/read',
    statuses: SIGNED_IN,
    body: () => ({ all: true }),
    check: (_f, actor, response) => expect(response.json(), actor).toEqual({ count: 0 }),
  },
  { method: 'GET', path: '/api/notifications/settings', statuses: SIGNED_IN },
  {
    method: 'PUT',
    path: '/api/notifications/settings',
    statuses: SIGNED_IN,
    body: () => ({ time_zone: 'UTC' }),
  },
  // Muting oneself is accepted and stores nothing (docs/decisions.md, issue 28).
  {
    method: 'POST',
    path: '/api/users/{id}/mute-notifications',
    target: 'creator',
    statuses: [401, 200, 200, 200, 200],
    send: muteThenUnmute,
    check: SUCCESS,
  },
  {
    method: 'POST',
    path: '/api/users/{id}/mute-notifications',
    target: 'unknown-user',
    statuses: NOBODY,
    errKeys: USER_404,
  },
  {
    method: 'DELETE',
    path: '/api/users/{id}/mute-notifications',
    target: 'creator',
    statuses: [401, 200, 200, 200, 200],
    check: SUCCESS,
  },
  // Lifting a mute reveals nothing: answered for any id, without a lookup.
  {
    method: 'DELETE',
    path: '/api/users/{id}/mute-notifications',
    target: 'unknown-user',
    statuses: [401, 200, 200, 200, 200],
  },
];
