import { randomUUID } from 'node:crypto';
import { SIGNED_IN, type RouteCase, type Statuses } from './authz-routes.table.ts';
import type { StreamTarget } from './matrix-streams.ts';

/**
 * The authorization matrix rows of the live routes (features/live). The owner has a live
 * stream and an ended one, both for followers (fixture.streams, test/matrix-streams.ts): the
 * follower and the subscriber may see them, `other` may not. Run after the other tables.
 */

const STREAM_404 = { 404: 'stream_not_found' };
/** Who sees the owner's followers-only streams. */
const AUDIENCE: Statuses = [401, 404, 200, 200, 200];

/** A route on one of the owner's streams (`{id}` is the stream's). */
const onStream = (
  method: RouteCase['method'],
  path: string,
  stream: StreamTarget,
  statuses: Statuses,
  extra: Partial<RouteCase> = {},
): RouteCase => ({
  method,
  path,
  statuses,
  errKeys: STREAM_404,
  fill: { stream },
  send: (c, _url, f) =>
    c.request({
      method,
      url: path.replace('{id}', String(f.streams[stream])),
      headers: method === 'POST' ? { 'idempotency-key': randomUUID() } : {},
    }),
  ...extra,
});

export const LIVE_TABLE: RouteCase[] = [
  // Each their own open stream, if any (null when none).
  { method: 'GET', path: '/api/users/me/stream', statuses: SIGNED_IN },
  {
    // The owner has a stream open already; everyone else goes live.
    method: 'POST',
    path: '/api/streams',
    statuses: [401, 201, 201, 201, 409],
    errKeys: { 409: 'stream_already_live' },
    body: () => ({ title: 'Matrix' }),
  },
  onStream('GET', '/api/streams/{id}', 'open', AUDIENCE),
  onStream('GET', '/api/streams/{id}', 'ended', AUDIENCE),
  // Ending is the creator's; an ended stream ends again as a no-op.
  onStream('DELETE', '/api/streams/{id}', 'ended', [401, 404, 403, 403, 200]),
  // A free stream: entering is a no-op for whoever may see it; an ended one is not for sale.
  onStream('POST', '/api/streams/{id}/enter', 'open', AUDIENCE),
  onStream('POST', '/api/streams/{id}/enter', 'ended', [401, 404, 409, 409, 409], {
    errKeys: { ...STREAM_404, 409: 'stream_not_live' },
  }),
  {
    method: 'GET',
    path: '/api/users/{id}/stream',
    target: 'creator',
    statuses: AUDIENCE,
    errKeys: STREAM_404,
  },
  {
    method: 'GET',
    path: '/api/users/{id}/stream',
    target: 'unknown-user',
    statuses: [401, 404, 404, 404, 404],
    errKeys: { 404: 'user_not_found' },
  },
  { method: 'GET', path: '/api/streams/key', statuses: SIGNED_IN },
  { method: 'POST', path: '/api/streams/key/rotate', statuses: SIGNED_IN },
  ...(['subscribed', 'following', 'discover'] as const).map((section): RouteCase => ({
    method: 'GET',
    path: '/api/home/streams/{section}',
    fill: { section },
    statuses: SIGNED_IN,
  })),
];
