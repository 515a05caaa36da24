import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { SecondFactorBody, WebauthnCredentialJson } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { getCurrentUser } from '../users/index.ts';
import { MAX_WRONG_ANSWERS, openChallenge } from './auth-challenges.ts';
import { assertNotSuspended, hasSecondFactor } from './account-gates.ts';
import { issueStandingToken } from './standing-token.ts';
import { assertionOptions, verifyPasskeyAssertion } from './passkeys.ts';
import { secondFactorMethods, verifySecondFactor } from './second-factor.service.ts';
import type { SessionResult, SignInOutcome } from './sign-in-outcome.ts';
import { createSession, type SignInClient } from './sessions.service.ts';
import { noticeSignIn } from './security-notices.ts';
import * as repo from './two-factor.repository.ts';
import type { ChallengeRow } from './two-factor.repository.ts';

/**
 * Signing in when the password is not enough: the second step after a password (or a reset
 * link) for an account with a second factor, and a passwordless sign-in with a passkey. A
 * session made here has proved a second factor already.
 */

/**
 * Signs the user in after a proven password: at once without a second factor; otherwise opens
 * the second step. `db` may be the caller's transaction.
 */
export async function signInAfterPassword(
  ctx: AppContext,
  db: DbOrTx,
  userId: number,
  client: SignInClient,
): Promise<
  | { kind: 'signed_in'; session: { token: string; expiresAt: Date } }
  | Extract<SignInOutcome, { kind: 'second_factor' }>
> {
  // Refused before the second step opens: a suspended account gets no further (issue 29), but
  // the proven password earns the token that reads its standing and files its appeals.
  await assertNotSuspended(db, userId, () => issueStandingToken(ctx.config.secret, userId));
  if (await hasSecondFactor(db, userId)) {
    const challenge = await openChallenge(db, 'second_factor', userId);
    return { kind: 'second_factor', challenge, methods: await secondFactorMethods({ db }, userId) };
  }
  return { kind: 'signed_in', session: await createSession(db, userId, client) };
}

/** Options for answering the pending sign-in with a passkey; the challenge joins its row. */
export async function secondStepPasskeyOptions(
  ctx: AppContext,
  pending: ChallengeRow | undefined,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  if (!pending?.userId) throw new AppError('sign_in_expired');
  const options = await assertionOptions(ctx, pending.userId);
  await repo.setWebauthnChallenge(ctx.db, pending.id, options.challenge);
  return options;
}

/**
 * The sign-in's second step: a valid factor signs in and ends the pending sign-in; a wrong one
 * counts, and the MAX_WRONG_ANSWERS-th ends it (`sign_in_expired`: the password again).
 */
export async function completeSecondStep(
  ctx: AppContext,
  pending: ChallengeRow | undefined,
  body: SecondFactorBody,
  client: SignInClient,
): Promise<SessionResult> {
  if (!pending?.userId || pending.attempts >= MAX_WRONG_ANSWERS)
    throw new AppError('sign_in_expired');
  const userId = pending.userId;
  try {
    await verifySecondFactor(ctx, userId, body, pending.webauthnChallenge);
  } catch (error) {
    if (error instanceof AppError && error.errKey !== 'rate_limited') {
      const attempts = await repo.bumpChallengeAttempts(ctx.db, pending.id);
      if (attempts >= MAX_WRONG_ANSWERS) {
        await repo.deleteChallenge(ctx.db, pending.id);
        throw new AppError('sign_in_expired');
      }
    }
    throw error;
  }
  // Two right answers racing sign in once.
  if (!(await repo.deleteChallenge(ctx.db, pending.id))) throw new AppError('sign_in_expired');
  const session = await signedInWithSecondFactor(ctx, userId, client);
  return { ...session, user: await getCurrentUser(ctx, userId) };
}

/** A session that proved a second factor, with its sign-in notice in the same transaction. */
function signedInWithSecondFactor(ctx: AppContext, userId: number, client: SignInClient) {
  return inTransaction(ctx.db, async (tx, effects) => {
    const session = await createSession(tx, userId, client, { secondFactor: true });
    await noticeSignIn(ctx, tx, effects, userId, session, client);
    return session;
  });
}

/** Options for a passwordless sign-in, with the pending ceremony it belongs to. */
export async function passkeySignInOptions(ctx: AppContext): Promise<{
  options: PublicKeyCredentialRequestOptionsJSON;
  challenge: { token: string; expiresAt: Date };
}> {
  const options = await assertionOptions(ctx, null);
  const challenge = await openChallenge(ctx.db, 'passkey_login', null, options.challenge);
  return { options, challenge };
}

/** A passwordless sign-in: the passkey names its owner, and proves a second factor too. */
export async function completePasskeySignIn(
  ctx: AppContext,
  pending: ChallengeRow | undefined,
  credential: WebauthnCredentialJson,
  client: SignInClient,
): Promise<SessionResult> {
  if (!pending?.webauthnChallenge) throw new AppError('sign_in_expired');
  // Single use whatever the answer: a refused passkey asks for new options.
  if (!(await repo.deleteChallenge(ctx.db, pending.id))) throw new AppError('sign_in_expired');
  const userId = await verifyPasskeyAssertion(ctx, pending.webauthnChallenge, credential, null);
  // The passkey proved the owner as a password does: a suspended account's refusal carries the
  // token that reads its standing and files its appeals.
  await assertNotSuspended(ctx.db, userId, () => issueStandingToken(ctx.config.secret, userId));
  const session = await signedInWithSecondFactor(ctx, userId, client);
  return { ...session, user: await getCurrentUser(ctx, userId) };
}
