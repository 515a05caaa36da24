/** The users feature's public face: what other features may use. */
export {
  attachAvatarThumb,
  createAccount,
  findAccountByEmail,
  findUser,
  replaceCategories,
  requireUser,
  swapAvatar,
} from './account.service.ts';
export type { UserRow } from './account.service.ts';
export { assertMaySetPrices, isVerified } from './price-rules.ts';
export { usersRoutes } from './users.routes.ts';
export { assertAdult, assertCountry, clearGuide, getCurrentUser } from './users.service.ts';
