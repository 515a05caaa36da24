import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Client } from '../../../test/harness.ts';
import {
  NOBODY,
  SIGNED_IN,
  USER_404,
  type ChatTarget,
  type RouteCase,
} from './authz-routes.table.ts';

/**
 * The authorization matrix rows of blocking (features/blocks) and of tipping a channel
 * (features/purchases). A block made by a row is lifted again at once, so the rows after it
 * find every actor's relations as the fixture made them.
 */
async function blockThenUnblock(c: Client, url: string): Promise<LightMyRequestResponse> {
  const answer = await c.request({ method: 'POST', url });
  if (answer.statusCode === 200) await c.request({ method: 'DELETE', url });
  return answer;
}

const SELF_REFUSED = { 400: 'cannot_block_self' };

export const BLOCKS_TABLE: RouteCase[] = [
  {
    method: 'POST',
    path: '/api/users/{id}/block',
    target: 'creator',
    statuses: [401, 200, 200, 200, 400],
    send: blockThenUnblock,
    errKeys: SELF_REFUSED,
    check: (_f, actor, response) => expect(response.json(), actor).toEqual({ blocked: true }),
  },
  {
    method: 'POST',
    path: '/api/users/{id}/block',
    target: 'unknown-user',
    statuses: NOBODY,
    errKeys: USER_404,
  },
  {
    method: 'DELETE',
    path: '/api/users/{id}/block',
    target: 'creator',
    statuses: [401, 200, 200, 200, 400],
    errKeys: SELF_REFUSED,
  },
  {
    method: 'DELETE',
    path: '/api/users/{id}/block',
    target: 'unknown-user',
    statuses: NOBODY,
    errKeys: USER_404,
  },
  { method: 'GET', path: '/api/users/me/blocked', statuses: SIGNED_IN },
];

/** A channel tip into one of the fixture's chats, with a fresh Idempotency-Key. */
const tipInto =
  (chat: ChatTarget): RouteCase['send'] =>
  (c, url, f) =>
    c.request({
      method: 'POST',
      url,
      headers: { 'idempotency-key': randomUUID() },
      payload: { chat_id: f.chats[chat], amount: 1 },
    });

/**
 * Channel tips: the readers of the owner's channel (follower, subscriber) reach the owner's
 * verification, which nobody in the fixture has; `other` may not read it; the owner may not tip
 * their own channel. A direct chat is no channel for anybody.
 */
export const CHANNEL_TIP_TABLE: RouteCase[] = [
  {
    method: 'POST',
    path: '/api/tips/channel',
    statuses: [401, 404, 400, 400, 400],
    send: tipInto('channel'),
    errKeys: { 404: 'chat_not_found', 400: 'tip_target_not_verified' },
    actorErrKeys: { owner: 'cannot_pay_self' },
  },
  {
    method: 'POST',
    path: '/api/tips/channel',
    statuses: NOBODY,
    send: tipInto('direct'),
    errKeys: { 404: 'chat_not_found' },
  },
];
