import type { EndpointRoute } from './define.ts';

/** Method and path of the known content endpoints (issue 29); spread into `endpointRoutes`. */
export const knownContentRoutes = {
  blocklist: { method: 'GET', path: '/api/moderation/blocklist' },
  blocklistFromStory: { method: 'POST', path: '/api/moderation/blocklist/from-story' },
  blocklistFromFile: { method: 'POST', path: '/api/moderation/blocklist/from-file' },
  blocklistRemove: { method: 'DELETE', path: '/api/moderation/blocklist/:id' },
  reviewList: { method: 'GET', path: '/api/moderation/review' },
  reviewDecide: { method: 'POST', path: '/api/moderation/review/:id' },
  // The fixed path: a door onto blocklistFromStory (same body, rules and answer).
  adminHashBlocklist: { method: 'POST', path: '/api/admin/hash-blocklist' },
} as const satisfies Record<string, EndpointRoute>;
