import type { EndpointRoute } from './define.ts';

/** Method and path of the copyright and appeals endpoints (issue 29); spread into `endpointRoutes`. */
export const copyrightRoutes = {
  createCopyrightNotice: { method: 'POST', path: '/api/copyright/notices' },
  ownCopyrightNotices: { method: 'GET', path: '/api/copyright/mine' },
  counterCopyrightNotice: { method: 'POST', path: '/api/copyright/notices/:id/counter' },
  claimantNotice: { method: 'GET', path: '/api/copyright/court-action' },
  reportCourtAction: { method: 'POST', path: '/api/copyright/court-action' },
  consoleCopyrightNotices: { method: 'GET', path: '/api/moderation/copyright' },
  rejectCopyrightNotice: { method: 'POST', path: '/api/moderation/copyright/:id/reject' },
  createAppeal: { method: 'POST', path: '/api/appeals' },
  createSuspensionAppeal: { method: 'POST', path: '/api/appeals/suspension' },
  createSuspendedAppeal: { method: 'POST', path: '/api/appeals/suspended' },
  consoleAppeals: { method: 'GET', path: '/api/moderation/appeals' },
  decideAppeal: { method: 'POST', path: '/api/moderation/appeals/:id/decide' },
} as const satisfies Record<string, EndpointRoute>;
