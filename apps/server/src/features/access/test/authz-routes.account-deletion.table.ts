import type { RouteCase } from './authz-routes.table.ts';

/**
 * The authorization matrix rows of account deletion (features/account-deletion). Both act on
 * the caller's own account; neither may leave a fixture account hidden, so the request goes with
 * a wrong password and the cancel finds nothing to cancel.
 */
export const ACCOUNT_DELETION_TABLE: RouteCase[] = [
  {
    method: 'POST',
    path: '/api/users/me/deletion',
    statuses: [401, 400, 400, 400, 400],
    errKeys: { 400: 'password_incorrect' },
    body: () => ({ password: 'not the password' }),
  },
  {
    method: 'DELETE',
    path: '/api/users/me/deletion',
    statuses: [401, 409, 409, 409, 409],
    errKeys: { 409: 'deletion_not_requested' },
  },
];
