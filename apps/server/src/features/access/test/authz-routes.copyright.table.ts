import { SIGNED_IN, type RouteCase, type Statuses } from './authz-routes.table.ts';

/**
 * The authorization matrix rows of copyright notices and appeals (issue 29). The public routes
 * answer everyone alike, signed in or not; none of the matrix's actors is staff, so the console
 * routes refuse them all (their staff rows are features/copyright's and features/appeals' API
 * tests). No row takes anything down: the notice names a story that does not exist.
 */
const STAFF_ONLY: Statuses = [401, 403, 403, 403, 403];
const EVERYONE = (status: number): Statuses => [status, status, status, status, status];

export const COPYRIGHT_TABLE: RouteCase[] = [
  {
    method: 'POST',
    path: '/api/copyright/notices',
    body: () => ({
      claimant_name: 'Matrix Claimant',
      claimant_email: 'claimant@example.com',
      work: 'A work',
      content_url: '/stories/2000000000',
      good_faith: true,
      accurate: true,
      signature: 'Matrix Claimant',
    }),
    statuses: EVERYONE(404),
    errKeys: { 404: 'copyright_content_not_found' },
  },
  { method: 'GET', path: '/api/copyright/mine', statuses: SIGNED_IN },
  {
    method: 'POST',
    path: '/api/copyright/notices/{id}/counter',
    target: 'unknown-user',
    body: () => ({ statement: 'Mine.', consent_jurisdiction: true, signature: 'Matrix' }),
    statuses: [401, 404, 404, 404, 404],
    errKeys: { 404: 'copyright_notice_not_found' },
  },
  {
    method: 'GET',
    path: '/api/copyright/court-action',
    send: (c, url) => c.get(`${url}?token=not-a-token`),
    statuses: EVERYONE(400),
    errKeys: { 400: 'token_invalid' },
  },
  {
    method: 'POST',
    path: '/api/copyright/court-action',
    body: () => ({ token: 'not-a-token' }),
    statuses: EVERYONE(400),
    errKeys: { 400: 'token_invalid' },
  },
  { method: 'GET', path: '/api/moderation/copyright', statuses: STAFF_ONLY },
  {
    method: 'POST',
    path: '/api/moderation/copyright/{id}/reject',
    target: 'unknown-user',
    body: () => ({ note: 'Matrix' }),
    statuses: STAFF_ONLY,
  },
  {
    method: 'POST',
    path: '/api/appeals',
    // The owner's story is not taken down: nothing to appeal, for the owner as for others.
    body: (f) => ({ kind: 'story', target_id: f.stories.free.id, statement: 'Matrix' }),
    statuses: [401, 404, 404, 404, 404],
    errKeys: { 404: 'appeal_target_not_found' },
  },
  {
    method: 'POST',
    path: '/api/appeals/suspension',
    // The credentials prove the owner whoever sends them; the account is not suspended.
    body: (f) => ({
      email: f.users.owner.body.email,
      password: f.users.owner.body.password,
      statement: 'Matrix',
    }),
    statuses: EVERYONE(400),
    errKeys: { 400: 'appeal_not_suspended' },
  },
  {
    method: 'POST',
    path: '/api/appeals/suspended',
    // No session needed: the token decides, and a forged one files nothing, whoever sends it.
    body: () => ({
      standing_token: '1.9999999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      kind: 'suspension',
      statement: 'Matrix',
    }),
    statuses: EVERYONE(400),
    errKeys: { 400: 'token_invalid' },
  },
  { method: 'GET', path: '/api/moderation/appeals', statuses: STAFF_ONLY },
  {
    method: 'POST',
    path: '/api/moderation/appeals/{id}/decide',
    target: 'unknown-user',
    body: () => ({ decision: 'deny', note: 'Matrix' }),
    statuses: STAFF_ONLY,
  },
];
