import type { SecondFactorBody, TwoFactorMethod, WebauthnCredentialJson } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { SECOND_FACTOR_FRESH_MS } from './account-gates.ts';
import { LOGIN_WINDOW_MS } from './account-limits.ts';
import { verifyPasskeyAssertion } from './passkeys.ts';
import { recoveryCodeHash } from './recovery-codes.ts';
import { sessionIdFromToken } from './session-token.ts';
import { acceptedTotpStep, totpBox } from './totp.ts';
import * as repo from './two-factor.repository.ts';

/**
 * Checking a second factor, wherever it is asked: the sign-in's second step and the proof a
 * session gives before a sensitive change. Each code works once (an authenticator code's step is
 * claimed, a recovery code is marked used), and wrong answers count per account, so neither a
 * stolen password nor a stolen session can try codes faster than WRONG_CODES_PER_WINDOW.
 */

/** Wrong second factors an account may get per LOGIN_WINDOW_MS before it is rate_limited. */
export const WRONG_CODES_PER_WINDOW = 10;

const wrongCodesKey = (userId: number) => `2fa-fail:user:${userId}`;

/** The ways the account can give a second factor now. */
export async function secondFactorMethods(
  ctx: Pick<AppContext, 'db'>,
  userId: number,
): Promise<TwoFactorMethod[]> {
  const [totp, passkeys, codesLeft] = await Promise.all([
    repo.findTotp(ctx.db, userId),
    repo.listPasskeys(ctx.db, userId),
    repo.countRecoveryCodesLeft(ctx.db, userId),
  ]);
  const methods: TwoFactorMethod[] = [];
  if (totp?.enabledAt) methods.push('totp');
  if (passkeys.length > 0) methods.push('passkey');
  if (codesLeft > 0) methods.push('recovery_code');
  return methods;
}

/**
 * Throws `code_invalid` / `passkey_invalid` unless `body` is a valid, unused second factor of
 * the user; `webauthnChallenge` is the challenge handed out for a passkey answer.
 */
export async function verifySecondFactor(
  ctx: AppContext,
  userId: number,
  body: SecondFactorBody,
  webauthnChallenge: string | null,
): Promise<void> {
  const key = wrongCodesKey(userId);
  if ((await ctx.limiter.hit(key, LOGIN_WINDOW_MS)) > WRONG_CODES_PER_WINDOW) {
    await ctx.limiter.refund(key);
    throw new AppError('rate_limited');
  }
  await checkFactor(ctx, userId, body, webauthnChallenge);
  // Only wrong answers count against the account.
  await ctx.limiter.refund(key);
}

async function checkFactor(
  ctx: AppContext,
  userId: number,
  body: SecondFactorBody,
  webauthnChallenge: string | null,
): Promise<void> {
  if ('code' in body) {
    const totp = await repo.findTotp(ctx.db, userId);
    if (!totp?.enabledAt) throw new AppError('code_invalid');
    const secret = totpBox(ctx.config.secret).open(totp.secretEncrypted);
    const step = await acceptedTotpStep(secret, body.code, totp.lastStep);
    if (step === null || !(await repo.claimTotpStep(ctx.db, userId, step)))
      throw new AppError('code_invalid');
    return;
  }
  if ('recovery_code' in body) {
    const hash = recoveryCodeHash(ctx.config.secret, body.recovery_code);
    if (!(await repo.useRecoveryCode(ctx.db, userId, hash))) throw new AppError('code_invalid');
    return;
  }
  if (webauthnChallenge === null) throw new AppError('sign_in_expired');
  await verifyPasskeyAssertion(
    ctx,
    webauthnChallenge,
    body.passkey as WebauthnCredentialJson,
    userId,
  );
}

/** Records that this session proved a second factor now; until when it counts. */
export async function markSecondFactor(
  ctx: Pick<AppContext, 'db'>,
  sessionToken: string,
): Promise<Date> {
  const now = new Date();
  await repo.markSessionSecondFactor(ctx.db, sessionIdFromToken(sessionToken), now);
  return new Date(now.getTime() + SECOND_FACTOR_FRESH_MS);
}
