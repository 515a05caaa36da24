import type { CurrentUser, TwoFactorMethod } from '@glimpse/contract';

export interface SessionResult {
  token: string;
  expiresAt: Date;
  user: CurrentUser;
}

/**
 * How a password sign-in (or a password reset) ends: signed in, or, when the account has a
 * second factor, with no session yet and the second step due (its challenge goes in a cookie).
 */
export type SignInOutcome =
  | { kind: 'signed_in'; session: SessionResult }
  | {
      kind: 'second_factor';
      challenge: { token: string; expiresAt: Date };
      methods: TwoFactorMethod[];
    };
