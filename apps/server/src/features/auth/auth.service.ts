import {
  TERMS_VERSION,
  type CurrentUser,
  type LoginBody,
  type RegisterBody,
} from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { violatedUniqueIndex } from '../../platform/db/unique-violation.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import {
  assertAdult,
  assertCountry,
  getCurrentUser,
  createAccount,
  findAccountByEmail,
  type UserRow,
} from '../users/index.ts';
import * as repo from './auth.repository.ts';
import { dummyPasswordHash, hashPassword, isCommonPassword, verifyPassword } from './password.ts';
import {
  generateSessionToken,
  SESSION_RENEW_MS,
  SESSION_TTL_MS,
  sessionIdFromToken,
} from './session-token.ts';

const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const SIGNUP_WINDOW_MS = 60 * 60 * 1000;

export interface SessionResult {
  token: string;
  expiresAt: Date;
  user: CurrentUser;
}

async function createSession(
  ctx: AppContext,
  userId: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = generateSessionToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await repo.insertSession(ctx.db, { id: sessionIdFromToken(token), userId, expiresAt });
  return { token, expiresAt };
}

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

export async function register(
  ctx: AppContext,
  body: RegisterBody,
  clientIp: string,
): Promise<SessionResult> {
  const signups = await ctx.limiter.hit(`signup:${clientIp}`, SIGNUP_WINDOW_MS);
  if (signups > ctx.config.signupsPerHour) throw new AppError('rate_limited');
  assertConsent(body);
  assertAdult(body.birthdate);
  if (isCommonPassword(body.password)) {
    throw new AppError('password_too_common', { errors: { password: ['password_too_common'] } });
  }
  await assertCountry(ctx, body.country_code);
  if (await findAccountByEmail(ctx, body.email)) {
    throw new AppError('email_taken', { errors: { email: ['email_taken'] } });
  }
  const passwordHash = await hashPassword(body.password);
  // One clock for both consents: they were given together, with this request.
  const consentedAt = new Date();
  let user: UserRow;
  try {
    user = await createAccount(ctx, {
      email: body.email,
      passwordHash,
      name: body.name,
      birthdate: body.birthdate,
      sex: body.sex,
      countryCode: body.country_code,
      termsVersion: body.terms_version,
      termsAcceptedAt: consentedAt,
      adultConfirmedAt: consentedAt,
    });
  } catch (error) {
    // Two sign-ups racing for one email: the unique index decides, the loser gets 409.
    if (violatedUniqueIndex(error) === 'users_email_key')
      throw new AppError('email_taken', { errors: { email: ['email_taken'] } });
    throw error;
  }
  const session = await createSession(ctx, user.id);
  return { ...session, user: await getCurrentUser(ctx, user.id) };
}

/**
 * Every attempt is counted per email and per address before the password is checked, so parallel
 * guesses cannot all pass one check; past the limit the login answers 429 without checking the
 * password. Refused and successful attempts are refunded (success also clears the email's count),
 * so only checked wrong passwords add up.
 */
export async function login(
  ctx: AppContext,
  body: LoginBody,
  clientIp: string,
): Promise<SessionResult> {
  const limit = ctx.config.loginFailuresPerWindow;
  const emailKey = `login-fail:email:${body.email}`;
  const ipKey = `login-fail:ip:${clientIp}`;
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
    user?.passwordHash ?? (await dummyPasswordHash()),
    body.password,
  );
  if (!user || !valid) throw new AppError('invalid_credentials');
  await Promise.all([ctx.limiter.reset(emailKey), ctx.limiter.refund(ipKey)]);
  const session = await createSession(ctx, user.id);
  return { ...session, user: await getCurrentUser(ctx, user.id) };
}

export async function logout(ctx: AppContext, token: string | undefined): Promise<void> {
  if (!token || token.length > 100) return;
  const id = sessionIdFromToken(token);
  const session = await repo.findLiveSession(ctx.db, id);
  await repo.deleteSession(ctx.db, id);
  // A logged-out session must stop receiving the user's events too.
  if (session) ctx.realtime.disconnectSession(session.userId, token);
}

/** The user id behind a session cookie, extending the session when it nears expiry. */
export async function userIdForToken(
  ctx: AppContext,
  token: string | undefined,
): Promise<number | undefined> {
  if (!token || token.length > 100) return undefined;
  const id = sessionIdFromToken(token);
  const session = await repo.findLiveSession(ctx.db, id);
  if (!session) return undefined;
  if (session.expiresAt.getTime() - Date.now() < SESSION_RENEW_MS) {
    await repo.extendSession(ctx.db, id, new Date(Date.now() + SESSION_TTL_MS));
  }
  return session.userId;
}
