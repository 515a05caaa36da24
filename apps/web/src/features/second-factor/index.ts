/**
 * One second factor, however the account gives it (an authenticator code, a passkey, a recovery
 * code): a feature of its own, so the sign-in's second step (auth) and the step-up before a
 * sensitive change (account) both build on it. Its texts (`secondFactor.*`, second-factor.json)
 * are registered by the screens that show it; nothing here loads before one does.
 */
export { SecondFactorForm, type SecondFactorFormProps } from './SecondFactorForm.tsx';
export {
  createPasskey,
  isPasskeyAlreadyRegistered,
  isPasskeyPromptClosed,
  passkeyAnswer,
  passkeysSupported,
} from './passkeys.ts';
