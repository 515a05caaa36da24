/**
 * The account-deletion feature's public face (issue 27). It sits above auth, whose password
 * check and session ending it uses, and below money, which asks it before renewing a
 * subscription. Hiding the account is the access module's, home's and search's own reading of
 * `users.deletion_requested_at`; this feature writes it and erases the account later.
 */
// For the composition root: the routes, and the erasure sweep workers run.
export { accountDeletionRoutes } from './account-deletion.routes.ts';
export { AccountEraser } from './account-erasure.ts';
// Money: no subscription renews to or from an account being deleted.
export { deletionRequested } from './account-deletion.service.ts';
