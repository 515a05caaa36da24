/**
 * The screens mailed links open (and the way to ask for one), one chunk for the three: small,
 * rarely visited, and each further chunk name costs the boot code's chunk map some bytes.
 */
export { ForgotPasswordScreen } from './ForgotPasswordScreen.tsx';
export { ResetPasswordScreen } from './ResetPasswordScreen.tsx';
export { VerifyEmailScreen } from './VerifyEmailScreen.tsx';
