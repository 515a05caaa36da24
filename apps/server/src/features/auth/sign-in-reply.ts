import type { FastifyReply } from 'fastify';
import type { CurrentUser, TwoFactorRequired } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { clearChallengeCookie, setChallengeCookie } from './auth-challenges.ts';
import { setSessionCookie } from './session.plugin.ts';
import type { SessionResult, SignInOutcome } from './sign-in-outcome.ts';

/** A finished sign-in: the session cookie set, a pending step's cookie gone; the user. */
export function answerSignedIn(
  ctx: AppContext,
  reply: FastifyReply,
  session: SessionResult,
): CurrentUser {
  setSessionCookie(ctx, reply, session);
  clearChallengeCookie(reply);
  return session.user;
}

/** The answer to a password sign-in or reset: the user, or the second step's cookie and ways. */
export function answerSignIn(
  ctx: AppContext,
  reply: FastifyReply,
  outcome: SignInOutcome,
): CurrentUser | TwoFactorRequired {
  if (outcome.kind === 'signed_in') return answerSignedIn(ctx, reply, outcome.session);
  setChallengeCookie(ctx, reply, outcome.challenge);
  return { two_factor_required: true, methods: outcome.methods };
}
