import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { UserRow } from '../users/index.ts';
import { verifyPassword } from './password.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** Failed password checks count per account over this window (sign-in and account changes). */
export const LOGIN_WINDOW_MS = 15 * MINUTE;

/** The failed-password counter of an account: sign-in and the account's own changes share it. */
export function loginFailureKey(email: string): string {
  return `login-fail:email:${email}`;
}

/**
 * Counts one attempt under `key` before the work it guards (parallel requests cannot all pass
 * one check) and refuses past `max` with 429 rate_limited, giving the refused attempt back.
 */
export async function spendAttempt(
  ctx: AppContext,
  key: string,
  max: number,
  windowMs: number,
): Promise<void> {
  if ((await ctx.limiter.hit(key, windowMs)) <= max) return;
  await ctx.limiter.refund(key);
  throw new AppError('rate_limited');
}

/** What the account flows allow, per window (docs/decisions.md, "Accounts (issue 27)"). */
export const ACCOUNT_LIMITS = {
  /** Confirmation mails asked for again, per account. */
  resendVerification: { max: 3, windowMs: HOUR },
  /** Forgot-password requests per address asked about, and per client address. */
  forgotPerEmail: { max: 5, windowMs: HOUR },
  forgotPerIp: { max: 20, windowMs: HOUR },
  /**
   * Mailed links followed (confirmations, resets) per client address: tokens are 256-bit.
   * The count is the config's `mailedLinksPerWindow` (30; the journeys, all from one address,
   * raise it as they raise sign-ups).
   */
  redeemPerIp: { windowMs: 15 * MINUTE },
  /** Address changes asked for, per account: each sends two mails. */
  changeEmail: { max: 5, windowMs: HOUR },
} as const;

/**
 * The current password, proving the account's owner asks (a password or an address change).
 * A wrong one answers password_incorrect on `field` and counts as a failed sign-in of the
 * account, so a stolen session cannot try passwords faster than the sign-in form allows.
 */
export async function assertCurrentPassword(
  ctx: AppContext,
  user: UserRow,
  password: string,
  field: string,
): Promise<void> {
  const key = loginFailureKey(user.email);
  await spendAttempt(ctx, key, ctx.config.loginFailuresPerWindow, LOGIN_WINDOW_MS);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError('password_incorrect', { errors: { [field]: ['password_incorrect'] } });
  }
  await ctx.limiter.reset(key);
}
