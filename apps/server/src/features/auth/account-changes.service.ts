import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { findAccountByEmail, requireUser, setPasswordHash } from '../users/index.ts';
import { queueMail } from '../mail/index.ts';
import { ACCOUNT_LIMITS, assertCurrentPassword, spendAttempt } from './account-limits.ts';
import { retireTokens } from './account-tokens.repository.ts';
import { mailLink } from './account-tokens.service.ts';
import * as sessionsRepo from './auth.repository.ts';
import { assertNotCommon, hashPassword } from './password.ts';
import { sessionIdFromToken } from './session-token.ts';
import { disconnectEndedSessions } from './sessions.service.ts';
import { noticePasswordChanged } from './security-notices.ts';

/**
 * A new password, the current one proving the owner asks: every other session ends (sockets
 * too), this one stays, and the address is told.
 */
export async function changePassword(
  ctx: AppContext,
  userId: number,
  currentToken: string,
  body: { current_password: string; password: string },
): Promise<void> {
  const user = await requireUser(ctx, userId);
  assertNotCommon(body.password);
  await assertCurrentPassword(ctx, user, body.current_password, 'current_password');
  const passwordHash = await hashPassword(ctx.config.passwordHashCost, body.password);
  const ended = await inTransaction(ctx.db, async (tx, effects) => {
    await setPasswordHash({ db: tx }, userId, passwordHash);
    // A reset link mailed before the change must not undo it.
    await retireTokens(tx, userId, ['password_reset']);
    const others = await sessionsRepo.deleteSessionsOfUser(
      tx,
      userId,
      sessionIdFromToken(currentToken),
    );
    await queueMail(tx, effects, {
      userId,
      to: user.email,
      template: 'password_changed',
      params: { name: user.name },
    });
    await noticePasswordChanged(ctx, tx, effects, userId);
    return others;
  });
  await disconnectEndedSessions(ctx, userId, ended);
}

/**
 * Asks to move the account to a new address: a link to the new address confirms it
 * (POST /api/auth/email/verify makes it the account's), and the old address is told.
 */
export async function changeEmail(
  ctx: AppContext,
  userId: number,
  body: { email: string; password: string },
): Promise<void> {
  const user = await requireUser(ctx, userId);
  if (body.email === user.email) {
    throw new AppError('email_unchanged', { errors: { email: ['email_unchanged'] } });
  }
  // The password first: without it, this would tell anyone which addresses have accounts.
  await assertCurrentPassword(ctx, user, body.password, 'password');
  const { max, windowMs } = ACCOUNT_LIMITS.changeEmail;
  await spendAttempt(ctx, `email-change:${userId}`, max, windowMs);
  if (await findAccountByEmail(ctx, body.email)) {
    throw new AppError('email_taken', { errors: { email: ['email_taken'] } });
  }
  await inTransaction(ctx.db, async (tx, effects) => {
    // Only the newest request's link works.
    await retireTokens(tx, userId, ['email_change']);
    await mailLink(ctx, tx, effects, {
      userId,
      purpose: 'email_change',
      to: body.email,
      template: 'email_change_confirm',
      newEmail: body.email,
      params: { name: user.name },
    });
    await queueMail(tx, effects, {
      userId,
      to: user.email,
      template: 'email_change_notice',
      params: { name: user.name, new_email: body.email },
    });
  });
}
