/** The auth feature's public face: what other features may import. The rest of the folder is its own. */
export { authKeys, fetchMe, useCurrentUser, useMe, useSignOut } from './auth.queries.ts';
