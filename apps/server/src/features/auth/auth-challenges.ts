import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { generateSessionToken, sessionIdFromToken } from './session-token.ts';
import * as repo from './two-factor.repository.ts';
import type { ChallengePurpose, ChallengeRow } from './two-factor.repository.ts';

/**
 * The state between the two steps of a sign-in or a WebAuthn ceremony, held by the browser as a
 * random token in a short-lived cookie scoped to /api/auth (only its hash is stored). A second
 * step without it, after CHALLENGE_TTL_MS, or after MAX_WRONG_ANSWERS starts over.
 */

export const CHALLENGE_COOKIE = 'glimpse_challenge';
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Wrong codes one pending sign-in may take before the password is asked again. */
export const MAX_WRONG_ANSWERS = 5;

export async function openChallenge(
  db: DbOrTx,
  purpose: ChallengePurpose,
  userId: number | null,
  webauthnChallenge: string | null = null,
): Promise<{ token: string; expiresAt: Date }> {
  const token = generateSessionToken();
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
  await repo.insertChallenge(db, {
    id: sessionIdFromToken(token),
    purpose,
    userId,
    webauthnChallenge,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The request's live challenge of that purpose, or undefined. */
export async function challengeOf(
  ctx: Pick<AppContext, 'db'>,
  request: FastifyRequest,
  purpose: ChallengePurpose,
): Promise<ChallengeRow | undefined> {
  const token = request.cookies[CHALLENGE_COOKIE];
  if (!token || token.length > 100) return undefined;
  return repo.findLiveChallenge(ctx.db, sessionIdFromToken(token), purpose);
}

export function setChallengeCookie(
  ctx: Pick<AppContext, 'config'>,
  reply: FastifyReply,
  challenge: { token: string; expiresAt: Date },
): void {
  reply.setCookie(CHALLENGE_COOKIE, challenge.token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.secureCookies,
    expires: challenge.expiresAt,
  });
}

export function clearChallengeCookie(reply: FastifyReply): void {
  reply.clearCookie(CHALLENGE_COOKIE, { path: '/api/auth' });
}
