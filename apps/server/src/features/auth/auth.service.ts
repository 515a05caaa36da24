import { TERMS_VERSION, type LoginBody, type RegisterBody } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { violatedUniqueIndex } from '../../platform/db/unique-violation.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import {
  assertAdult,
  assertCountry,
  getCurrentUser,
  createAccount,
  findAccountByEmail,
} from '../users/index.ts';
import { LOGIN_WINDOW_MS, loginFailureKey } from './account-limits.ts';
import * as repo from './auth.repository.ts';
import { mailAddressConfirmation } from './email-verification.service.ts';
import { assertNotCommon, dummyPasswordHash, hashPassword, verifyPassword } from './password.ts';
import { sessionIdFromToken } from './session-token.ts';
import { createSession, disconnectEndedSessions, type SignInClient } from './sessions.service.ts';
import type { SessionResult, SignInOutcome } from './sign-in-outcome.ts';
import { signInAfterPassword } from './two-factor-sign-in.service.ts';
import { noticeSignIn } from './security-notices.ts';

export { userIdForToken } from './sessions.service.ts';

const SIGNUP_WINDOW_MS = 60 * 60 * 1000;

export type { SessionResult, SignInOutcome } from './sign-in-outcome.ts';

/**
 * The consent a sign-up must carry: the terms and privacy policy accepted and 18+ confirmed
 * (each missing one named as a field error), for the terms' current version.
 */
function assertConsent(body: RegisterBody): void {
  const errors: Record<string, string[]> = {};
  if (body.accept_terms !== true) errors.accept_terms = ['consent_required'];
  if (body.confirm_adult !== true) errors.confirm_adult = ['consent_required'];
  if (Object.keys(errors).length > 0) throw new AppError('consent_required', { errors });
  if (body.terms_version !== TERMS_VERSION) {
    throw new AppError('terms_outdated', { errors: { terms_version: ['terms_outdated'] } });
  }
}

/**
 * Creates the account, its first session and the mail confirming its address in one
 * transaction: an account never exists without the confirmation mail on its way.
 */
export async function register(
  ctx: AppContext,
  body: RegisterBody,
  client: SignInClient,
): Promise<SessionResult> {
  const signups = await ctx.limiter.hit(`signup:${client.ip}`, SIGNUP_WINDOW_MS);
  if (signups > ctx.config.signupsPerHour) throw new AppError('rate_limited');
  assertConsent(body);
  assertAdult(body.birthdate);
  assertNotCommon(body.password);
  await assertCountry(ctx, body.country_code);
  if (await findAccountByEmail(ctx, body.email)) {
    throw new AppError('email_taken', { errors: { email: ['email_taken'] } });
  }
  const passwordHash = await hashPassword(ctx.config.passwordHashCost, body.password);
  // One clock for both consents: they were given together, with this request.
  const consentedAt = new Date();
  let created: { userId: number; token: string; expiresAt: Date };
  try {
    created = await inTransaction(ctx.db, async (tx, effects) => {
      const user = await createAccount(
        { db: tx },
        {
          email: body.email,
          passwordHash,
          name: body.name,
          birthdate: body.birthdate,
          sex: body.sex,
          countryCode: body.country_code,
          termsVersion: body.terms_version,
          termsAcceptedAt: consentedAt,
          adultConfirmedAt: consentedAt,
          language: body.language ?? 'en',
        },
      );
      await mailAddressConfirmation(ctx, tx, effects, user);
      return { userId: user.id, ...(await createSession(tx, user.id, client)) };
    });
  } catch (error) {
    // Two sign-ups racing for one email: the unique index decides, the loser gets 409.
    if (violatedUniqueIndex(error) === 'users_email_key')
      throw new AppError('email_taken', { errors: { email: ['email_taken'] } });
    throw error;
  }
  const { userId, ...session } = created;
  return { ...session, user: await getCurrentUser(ctx, userId) };
}

/**
 * Every attempt is counted per email and per address before the password is checked, so parallel
 * guesses cannot all pass one check; past the limit the login answers 429 without checking the
 * password. Refused and successful attempts are refunded (success also clears the email's count),
 * so only checked wrong passwords add up.
 */
/**
 * A password sign-in: signed in, or with a second factor set, the second step opened
 * (two-factor-sign-in.service.ts).
 */
export async function login(
  ctx: AppContext,
  body: LoginBody,
  client: SignInClient,
): Promise<SignInOutcome> {
  const limit = ctx.config.loginFailuresPerWindow;
  const emailKey = loginFailureKey(body.email);
  const ipKey = `login-fail:ip:${client.ip}`;
  const [byEmail, byIp] = await Promise.all([
    ctx.limiter.hit(emailKey, LOGIN_WINDOW_MS),
    ctx.limiter.hit(ipKey, LOGIN_WINDOW_MS),
  ]);
  if (byEmail > limit || byIp > limit * 5) {
    await Promise.all([ctx.limiter.refund(emailKey), ctx.limiter.refund(ipKey)]);
    throw new AppError('rate_limited');
  }

  const user = await findAccountByEmail(ctx, body.email);
  const valid = await verifyPassword(
    user?.passwordHash ?? (await dummyPasswordHash(ctx.config.passwordHashCost)),
    body.password,
  );
  if (!user || !valid) throw new AppError('invalid_credentials');
  await Promise.all([ctx.limiter.reset(emailKey), ctx.limiter.refund(ipKey)]);
  const outcome = await inTransaction(ctx.db, async (tx, effects) => {
    const signIn = await signInAfterPassword(ctx, tx, user.id, client);
    if (signIn.kind === 'signed_in')
      await noticeSignIn(ctx, tx, effects, user.id, signIn.session, client);
    return signIn;
  });
  if (outcome.kind === 'second_factor') return outcome;
  const session = { ...outcome.session, user: await getCurrentUser(ctx, user.id) };
  return { kind: 'signed_in', session };
}

export async function logout(ctx: AppContext, token: string | undefined): Promise<void> {
  if (!token || token.length > 100) return;
  const id = sessionIdFromToken(token);
  const session = await repo.findLiveSession(ctx.db, id);
  await repo.deleteSession(ctx.db, id);
  // A logged-out session must stop receiving the user's events too.
  if (session) await disconnectEndedSessions(ctx, session.userId, [id]);
}
