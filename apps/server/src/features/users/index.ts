/** The users feature's public face: accounts, profiles and their avatars. */
// For the composition root: the routes and the avatar copies' job.
export { usersRoutes } from './users.routes.ts';
export { makeAvatarVariants } from './avatar.service.ts';
// Accounts: sign-up and sign-in (auth), the demo seed, and a user row for others' checks;
// the password and the address as auth changes them (issue 27).
export {
  changeAccountEmail,
  createAccount,
  findAccountByEmail,
  markEmailVerified,
  replaceCategories,
  requireUser,
  setPasswordHash,
} from './account.service.ts';
export type { UserRow } from './account.service.ts';
export { assertAdult, assertCountry, clearGuide, getCurrentUser } from './users.service.ts';
// When a requested deletion erases the account (account-deletion answers it).
export { deletionDate } from './users.presenter.ts';
// A creator's story ring as a viewer sees it (a chat header).
export { storyPresence } from './users.service.ts';
// The demo seed's profile pictures.
export { setAvatar } from './avatar.service.ts';
// Who may set prices (stories, streams) and who is verified (payouts).
export { assertMaySetPrices, isVerified } from './price-rules.ts';
// An account's standing as moderation's enforcement sets it (issue 29): suspension, payout hold.
export {
  clearSuspension,
  liftSuspensionIfOver,
  setPayoutsHeld,
  setSuspension,
  suspensionsOver,
} from './standing.repository.ts';
// Worker nodes lift timed suspensions once their end has passed (server.ts starts it).
export { SuspensionSweeper, sweepSuspensions } from './standing-sweeper.ts';
