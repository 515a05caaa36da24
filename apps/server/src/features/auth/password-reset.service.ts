import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { findAccountByEmail, getCurrentUser, setPasswordHash } from '../users/index.ts';
import { queueMail } from '../mail/index.ts';
import { ACCOUNT_LIMITS, loginFailureKey, spendAttempt } from './account-limits.ts';
import { retireTokens } from './account-tokens.repository.ts';
import { mailLink, redeemToken } from './account-tokens.service.ts';
import type { SignInOutcome } from './sign-in-outcome.ts';
import { signInAfterPassword } from './two-factor-sign-in.service.ts';
import * as sessionsRepo from './auth.repository.ts';
import { assertNotCommon, hashPassword } from './password.ts';
import { disconnectEndedSessions, type SignInClient } from './sessions.service.ts';
import { noticePasswordChanged } from './security-notices.ts';
import { grantAdminIfListed } from '../staff/index.ts';

/**
 * Answers the same for every address, in the same time: the request only counts itself and
 * queues one job through the outbox, whoever owns the address. The job (sendPasswordReset)
 * looks the address up and mails the link, after the answer is gone (docs/decisions.md).
 */
export async function forgotPassword(
  ctx: AppContext,
  email: string,
  clientIp: string,
): Promise<void> {
  const perIp = ACCOUNT_LIMITS.forgotPerIp;
  const perEmail = ACCOUNT_LIMITS.forgotPerEmail;
  await spendAttempt(ctx, `forgot:ip:${clientIp}`, perIp.max, perIp.windowMs);
  await spendAttempt(ctx, `forgot:email:${email}`, perEmail.max, perEmail.windowMs);
  await inTransaction(ctx.db, async (_tx, effects) => {
    effects.enqueue('auth.password-reset', { email });
  });
}

/**
 * How long the job waits before its work. A worker in the API's process picks the job up the
 * moment it is queued, while the request that queued it is still being answered; on PGlite (in
 * the same thread) its queries would then delay that answer for known addresses only.
 */
const RESET_JOB_START_DELAY_MS = 50;

/** The job behind a forgot-password request: a reset link for an account's address, if any. */
export async function sendPasswordReset(ctx: AppContext, payload: { email: string }) {
  await new Promise((resolve) => setTimeout(resolve, RESET_JOB_START_DELAY_MS));
  const user = await findAccountByEmail(ctx, payload.email);
  if (!user) return;
  await inTransaction(ctx.db, async (tx, effects) => {
    // Only the newest link works: an older mail found later cannot reset the password.
    await retireTokens(tx, user.id, ['password_reset']);
    await mailLink(ctx, tx, effects, {
      userId: user.id,
      purpose: 'password_reset',
      to: user.email,
      template: 'password_reset',
      params: { name: user.name },
    });
  });
}

/**
 * A new password by the mailed link: every session of the account ends (their sockets too), this
 * browser gets a new one, and the address counts as confirmed (the link reached it).
 */
export async function resetPassword(
  ctx: AppContext,
  body: { token: string; password: string },
  client: SignInClient,
): Promise<SignInOutcome> {
  const { windowMs } = ACCOUNT_LIMITS.redeemPerIp;
  const max = ctx.config.mailedLinksPerWindow;
  await spendAttempt(ctx, `redeem-token:ip:${client.ip}`, max, windowMs);
  // A dead link is refused before the costly hash; the transaction takes it for good below.
  await redeemToken(ctx.db, body.token, ['password_reset'], { consume: false });
  assertNotCommon(body.password);
  const passwordHash = await hashPassword(ctx.config.passwordHashCost, body.password);
  const done = await inTransaction(ctx.db, async (tx, effects) => {
    const link = await redeemToken(tx, body.token, ['password_reset'], { consume: true });
    const user = await setPasswordHash({ db: tx }, link.userId, passwordHash, {
      confirmEmail: true,
    });
    await retireTokens(tx, user.id, ['password_reset']);
    // The link reached the address, so it counts as confirmed: ADMIN_EMAILS applies (staff).
    await grantAdminIfListed({ db: tx, config: ctx.config }, user.id);
    const ended = await sessionsRepo.deleteSessionsOfUser(tx, user.id);
    // The mailed link replaces the password, not the second factor: that is still asked.
    const signIn = await signInAfterPassword(ctx, tx, user.id, client);
    await queueMail(tx, effects, {
      userId: user.id,
      to: user.email,
      template: 'password_changed',
      params: { name: user.name },
    });
    effects.emitToUser(user.id, 'user.updated', { user_id: user.id });
    // The password change says it all: the session it opens is no separate sign-in notice.
    await noticePasswordChanged(ctx, tx, effects, user.id);
    return { user, ended, signIn };
  });
  await disconnectEndedSessions(ctx, done.user.id, done.ended);
  // The failed sign-ins that may have led here no longer lock the owner out.
  await ctx.limiter.reset(loginFailureKey(done.user.email));
  if (done.signIn.kind === 'second_factor') return done.signIn;
  const user = await getCurrentUser(ctx, done.user.id);
  return { kind: 'signed_in', session: { ...done.signIn.session, user } };
}
