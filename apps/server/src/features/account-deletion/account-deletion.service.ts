import { ACCOUNT_DELETION_DAYS } from '@glimpse/contract';
import type { AppContext, DbContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { assertCurrentPassword, disconnectEndedSessions } from '../auth/index.ts';
import { queueMail } from '../mail/index.ts';
import { deletionDate, requireUser } from '../users/index.ts';
import * as repo from './account-deletion.repository.ts';

/**
 * Asks for the account to be deleted, the password proving the owner asks (the route has already
 * asked for a recent second factor when the account has one). From the commit on the account is
 * hidden (the access module, home and search read `deletion_requested_at`), every session ends
 * with its sockets, and a mail says when it will be erased and how to keep it. Asking again
 * while a request is pending keeps the first date.
 */
export async function requestDeletion(
  ctx: AppContext,
  userId: number,
  password: string,
): Promise<{ deletes_at: string }> {
  const user = await requireUser(ctx, userId);
  // A wrong password counts as a failed sign-in of the account (rate_limited past the limit).
  await assertCurrentPassword(ctx, user, password, 'password');
  const { requestedAt, ended } = await inTransaction(ctx.db, async (tx, effects) => {
    const requestedAt = await repo.markDeletionRequested(tx, userId);
    if (!requestedAt) throw new AppError('user_not_found');
    const ended = await repo.deleteSessions(tx, userId);
    const deletesAt = deletionDate(requestedAt)!;
    await queueMail(tx, effects, {
      userId,
      to: user.email,
      template: 'account_deletion_scheduled',
      params: { name: user.name, deletes_at: deletesAt, days: ACCOUNT_DELETION_DAYS },
    });
    // Whoever sits in its channel's or stream's rooms leaves them (they are hidden now).
    const rooms = await repo.roomsOfAccount(tx, userId);
    if (rooms.length > 0) effects.recheckRoomAccess({ rooms });
    return { requestedAt, ended };
  });
  await disconnectEndedSessions(ctx, userId, ended);
  return { deletes_at: deletionDate(requestedAt)! };
}

/**
 * Keeps the account: the owner signed in again before the erasure. It shows again at once;
 * subscriptions that ended meanwhile stay ended (their renewal was not charged).
 */
export async function cancelDeletion(ctx: DbContext, userId: number): Promise<void> {
  if (!(await repo.clearDeletionRequest(ctx.db, userId))) {
    throw new AppError('deletion_not_requested');
  }
}

/**
 * Whether any of these accounts asked to be deleted (or was erased): money does not renew a
 * subscription between them.
 */
export function deletionRequested(ctx: DbContext, userIds: number[]): Promise<boolean> {
  return repo.anyDeletionRequested(ctx.db, userIds);
}
