import { SIGNED_IN, type RouteCase, type Statuses } from './authz-routes.table.ts';

/**
 * The authorization matrix rows of reports and the moderation console (issue 29). None of the
 * matrix's actors is staff: every console route refuses them all (403, 401 signed out). What
 * moderators and admins get is features/moderation/queue.api.test.ts's staff rows.
 */
const STAFF_ONLY: Statuses = [401, 403, 403, 403, 403];

export const MODERATION_TABLE: RouteCase[] = [
  {
    method: 'POST',
    path: '/api/reports',
    // Everyone reports the owner once; the owner cannot report themself.
    body: (f) => ({ target_type: 'user', target_id: f.users.owner.user.id, reason: 'spam' }),
    statuses: [401, 201, 201, 201, 400],
    errKeys: { 400: 'report_own_content' },
  },
  { method: 'GET', path: '/api/moderation/queue', statuses: STAFF_ONLY },
  {
    method: 'POST',
    path: '/api/moderation/actions',
    body: (f) => ({
      kind: 'user',
      target_id: f.users.other.user.id,
      action: 'warn',
      note: 'Matrix',
    }),
    statuses: STAFF_ONLY,
  },
  { method: 'GET', path: '/api/moderation/audit', statuses: STAFF_ONLY },
  {
    method: 'GET',
    path: '/api/moderation/users',
    send: (c, url) => c.get(`${url}?q=a`),
    statuses: STAFF_ONLY,
  },
  { method: 'GET', path: '/api/moderation/users/{id}', target: 'creator', statuses: STAFF_ONLY },
  { method: 'GET', path: '/api/moderation/streams', statuses: STAFF_ONLY },
  { method: 'GET', path: '/api/account/standing', statuses: SIGNED_IN },
  {
    method: 'POST',
    path: '/api/account/standing/suspended',
    // No session needed: the token decides, and a forged one reads nothing, whoever sends it.
    body: () => ({ standing_token: '1.9999999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }),
    statuses: [400, 400, 400, 400, 400],
    errKeys: { 400: 'token_invalid' },
  },
  // The fixed paths under /api/admin.
  { method: 'GET', path: '/api/admin/reports', statuses: STAFF_ONLY },
  {
    method: 'POST',
    path: '/api/admin/reports/{id}/resolve',
    // Any id: non-staff are refused before the report is looked up.
    target: 'creator',
    body: () => ({ action: 'dismiss', note: 'Matrix' }),
    statuses: STAFF_ONLY,
  },
  {
    method: 'POST',
    path: '/api/admin/users/{id}/suspend',
    target: 'creator',
    body: () => ({ note: 'Matrix', days: 1 }),
    statuses: STAFF_ONLY,
  },
  {
    method: 'POST',
    path: '/api/admin/users/{id}/unsuspend',
    target: 'creator',
    body: () => ({ note: 'Matrix' }),
    statuses: STAFF_ONLY,
  },
  { method: 'GET', path: '/api/admin/audit-log', statuses: STAFF_ONLY },
];
