import type { EndpointRoute } from './define.ts';

/** Method and path of the reports and moderation endpoints (issue 29); spread into `endpointRoutes`. */
export const moderationRoutes = {
  createReport: { method: 'POST', path: '/api/reports' },
  moderationQueue: { method: 'GET', path: '/api/moderation/queue' },
  moderationAction: { method: 'POST', path: '/api/moderation/actions' },
  moderationAuditLog: { method: 'GET', path: '/api/moderation/audit' },
  moderationUserSearch: { method: 'GET', path: '/api/moderation/users' },
  moderationUser: { method: 'GET', path: '/api/moderation/users/:id' },
  moderationStreams: { method: 'GET', path: '/api/moderation/streams' },
  accountStanding: { method: 'GET', path: '/api/account/standing' },
  suspendedStanding: { method: 'POST', path: '/api/account/standing/suspended' },
  // The fixed paths (doors onto the console's API).
  adminReports: { method: 'GET', path: '/api/admin/reports' },
  adminResolveReport: { method: 'POST', path: '/api/admin/reports/:id/resolve' },
  adminSuspendUser: { method: 'POST', path: '/api/admin/users/:id/suspend' },
  adminUnsuspendUser: { method: 'POST', path: '/api/admin/users/:id/unsuspend' },
  adminAuditLog: { method: 'GET', path: '/api/admin/audit-log' },
} as const satisfies Record<string, EndpointRoute>;
