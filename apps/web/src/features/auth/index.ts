/** The auth feature's public face: what other features may import. The rest of the folder is its own. */
export {
  authKeys,
  fetchMe,
  markSessionEndedOnPurpose,
  sessionEndedOnPurpose,
  useCurrentUser,
  useMe,
  useSignOut,
} from './auth.queries.ts';
