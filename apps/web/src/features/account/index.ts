/** The account feature's public face: the security screen is reached by its route (app/screen-chunks.ts). */
export { UnverifiedEmailNotice } from './UnverifiedEmailNotice.tsx';
/** The banner of an account being deleted, with Keep my account (beside the notice above). */
export { DeletionScheduledNotice } from './DeletionScheduledNotice.tsx';
/** The step-up before a sensitive change: a second factor when the server asks for one. */
export {
  useSecondFactorGate,
  type SecondFactorGate,
} from './second-factor/use-second-factor-gate.tsx';
/** The wallet's ask to turn on two-factor, for creators who earn and have none. */
export { TwoFactorBanner } from './TwoFactorBanner.tsx';
