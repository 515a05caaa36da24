import type { VerifyEmailResponse } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { inTransaction, type EffectQueue } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import {
  changeAccountEmail,
  markEmailVerified,
  requireUser,
  type UserRow,
} from '../users/index.ts';
import { grantAdminIfListed } from '../staff/index.ts';
import { ACCOUNT_LIMITS, spendAttempt } from './account-limits.ts';
import { retireTokens } from './account-tokens.repository.ts';
import { mailLink, redeemToken } from './account-tokens.service.ts';
import { noticeEmailChanged } from './security-notices.ts';

/** Queues the mail with the link that confirms the account's address (sign-up, resend). */
export async function mailAddressConfirmation(
  ctx: AppContext,
  tx: Tx,
  effects: EffectQueue,
  user: Pick<UserRow, 'id' | 'email' | 'name'>,
): Promise<void> {
  await mailLink(ctx, tx, effects, {
    userId: user.id,
    purpose: 'email_verify',
    to: user.email,
    template: 'email_verify',
    params: { name: user.name },
  });
}

/**
 * Follows a mailed link, signed in or not (it may open on another device): the sign-up's
 * address is confirmed, or a new address confirmed through its link becomes the account's.
 */
export async function verifyEmail(
  ctx: AppContext,
  token: string,
  clientIp: string,
): Promise<VerifyEmailResponse> {
  const { windowMs } = ACCOUNT_LIMITS.redeemPerIp;
  const max = ctx.config.mailedLinksPerWindow;
  await spendAttempt(ctx, `redeem-token:ip:${clientIp}`, max, windowMs);
  return inTransaction(ctx.db, async (tx, effects) => {
    const link = await redeemToken(tx, token, ['email_verify', 'email_change'], { consume: true });
    effects.emitToUser(link.userId, 'user.updated', { user_id: link.userId });
    if (link.purpose === 'email_verify') {
      const user = await markEmailVerified({ db: tx }, link.userId);
      // A confirmed address listed in ADMIN_EMAILS makes the account an admin (features/staff).
      await grantAdminIfListed({ db: tx, config: ctx.config }, user.id);
      return { email: user.email, purpose: 'email_verify' };
    }
    // The unique index decides whether another account took the address since it was asked for.
    const user = await changeAccountEmail({ db: tx }, link.userId, link.newEmail!);
    await grantAdminIfListed({ db: tx, config: ctx.config }, user.id);
    // Links mailed to the old address (a reset, a confirmation) no longer speak for the account.
    await retireTokens(tx, link.userId, ['email_verify', 'email_change', 'password_reset']);
    await noticeEmailChanged(ctx, tx, effects, link.userId, link.id);
    return { email: user.email, purpose: 'email_change' };
  });
}

/** A new confirmation mail; the links mailed before it stop working. */
export async function resendVerification(ctx: AppContext, userId: number): Promise<void> {
  const user = await requireUser(ctx, userId);
  if (user.emailVerifiedAt) throw new AppError('email_already_verified');
  const { max, windowMs } = ACCOUNT_LIMITS.resendVerification;
  await spendAttempt(ctx, `verify-resend:${userId}`, max, windowMs);
  await inTransaction(ctx.db, async (tx, effects) => {
    await retireTokens(tx, userId, ['email_verify']);
    await mailAddressConfirmation(ctx, tx, effects, user);
  });
}
