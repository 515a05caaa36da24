import { randomBytes } from 'node:crypto';
import type { Client } from '../../../test/harness.ts';
import { solidImage } from '../../../test/images.ts';
import type { RouteCase, Statuses } from './authz-routes.table.ts';

/**
 * The authorization matrix rows of known content (issue 29 part 5): the blocklist and the review
 * of held stories. None of the matrix's actors is staff, so every route refuses them all;
 * moderators and admins are features/moderation/review/review.api.test.ts's (for
 * /api/admin/hash-blocklist features/moderation/admin-hash-blocklist.api.test.ts's).
 */
const STAFF_ONLY: Statuses = [401, 403, 403, 403, 403];

async function postPicture(c: Client, url: string) {
  const boundary = `----matrix-${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    await solidImage('png'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return c.request({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

export const KNOWN_CONTENT_TABLE: RouteCase[] = [
  { method: 'GET', path: '/api/moderation/blocklist', statuses: STAFF_ONLY },
  {
    method: 'POST',
    path: '/api/moderation/blocklist/from-story',
    body: (f) => ({ story_id: f.stories.free.id, label: 'Matrix' }),
    statuses: STAFF_ONLY,
  },
  {
    method: 'POST',
    path: '/api/admin/hash-blocklist',
    body: (f) => ({ story_id: f.stories.free.id }),
    statuses: STAFF_ONLY,
  },
  {
    method: 'POST',
    path: '/api/moderation/blocklist/from-file',
    send: postPicture,
    statuses: STAFF_ONLY,
  },
  {
    method: 'DELETE',
    path: '/api/moderation/blocklist/{id}',
    target: 'creator',
    statuses: STAFF_ONLY,
  },
  { method: 'GET', path: '/api/moderation/review', statuses: STAFF_ONLY },
  {
    method: 'POST',
    path: '/api/moderation/review/{id}',
    target: 'free',
    body: () => ({ decision: 'publish' }),
    statuses: STAFF_ONLY,
  },
];
