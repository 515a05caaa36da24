/** The auth feature's public face: what other features may import. The rest of the folder is its own. */
export { authKeys, fetchMe, useCurrentUser, useMe, useSignOut } from './auth.queries.ts';
/** A second factor (code, passkey, recovery code): the sign-in's second step and the step-up. */
export { SecondFactorForm } from './second-factor/SecondFactorForm.tsx';
export {
  createPasskey,
  isPasskeyAlreadyRegistered,
  isPasskeyPromptClosed,
  passkeysSupported,
} from './second-factor/passkeys.ts';
