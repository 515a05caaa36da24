import type { BlockedUser } from '@glimpse/contract';
import type { AppContext, DbContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { unfollowBothWays } from '../social/index.ts';
import { requireUser } from '../users/index.ts';
import { presentBlockedUser } from './blocks.presenter.ts';
import * as repo from './blocks.repository.ts';

/**
 * Blocking (issue 11): the blocker's profile, stories and channel are hidden from the blocked
 * user (the access module's `user.view` and `story.view` read `user_blocks`), neither sees the
 * other on the home lists, messages are refused both ways (`dm.send` / `chat.send`), follows end
 * and a subscription between them is not renewed (docs/decisions.md, "Messaging: tips in chats
 * and blocking").
 */

/** Self first (no query), then existence: anyone who exists may be blocked, even one hidden. */
async function requireOther(ctx: DbContext, viewerId: number, userId: number): Promise<void> {
  if (userId === viewerId) throw new AppError('cannot_block_self');
  await requireUser(ctx, userId);
}

/**
 * POST /api/users/{id}/block: idempotent; ends the follows between the two in the same commit,
 * and then takes both out of the realtime rooms they no longer may be in.
 */
export async function blockUser(
  ctx: AppContext,
  viewerId: number,
  userId: number,
): Promise<boolean> {
  await requireOther(ctx, viewerId, userId);
  await inTransaction(ctx.db, async (tx, effects) => {
    await repo.insertBlock(tx, viewerId, userId);
    await unfollowBothWays({ db: tx }, viewerId, userId);
    effects.recheckRoomAccess({ userIds: [viewerId, userId] });
  });
  return true;
}

/** DELETE /api/users/{id}/block: idempotent. Follows stay ended; nothing else comes back. */
export async function unblockUser(
  ctx: AppContext,
  viewerId: number,
  userId: number,
): Promise<boolean> {
  await requireOther(ctx, viewerId, userId);
  await repo.deleteBlock(ctx.db, viewerId, userId);
  return false;
}

/** GET /api/users/me/blocked: whom the viewer blocked, newest first. */
export async function blockedUsers(ctx: AppContext, viewerId: number): Promise<BlockedUser[]> {
  const rows = await repo.listBlockedBy(ctx.db, viewerId);
  return rows.map((row) => presentBlockedUser(row, viewerId, ctx.mediaSigner));
}

/** Whether either of two users blocked the other (pass `{ db: tx }` inside a transaction). */
export async function blockedEitherWay(
  ctx: DbContext,
  userA: number,
  userB: number,
): Promise<boolean> {
  return (await repo.blocksBetween(ctx.db, userA, userB)).length > 0;
}
