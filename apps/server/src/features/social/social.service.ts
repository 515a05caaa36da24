import type { AppContext, DbContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { requireAccess } from '../access/index.ts';
import * as repo from './social.repository.ts';

/**
 * Follow and unfollow are idempotent set operations: repeating one, or two racing clicks,
 * always leaves the state the last request asked for, and the answer says what it is.
 */
export async function setFollowing(
  ctx: AppContext,
  followerId: number,
  creatorId: number,
  follow: boolean,
): Promise<boolean> {
  // Following needs the profile to be visible to the follower (a block hides it there), and
  // the follower not to have blocked the creator; unfollowing only the profile.
  await requireAccess(ctx, followerId, follow ? 'user.relate' : 'user.view', [creatorId]);
  if (followerId === creatorId) throw new AppError('cannot_follow_self');
  if (follow) await repo.insertFollow(ctx.db, followerId, creatorId);
  else
    await inTransaction(ctx.db, async (tx, effects) => {
      await repo.deleteFollow(tx, followerId, creatorId);
      // The creator's channel (and a followers-only stream) may be closed to them now.
      effects.recheckRoomAccess({ userIds: [followerId] });
    });
  return follow;
}

/** Ends the follows between two users both ways (a block does, in the caller's transaction). */
export async function unfollowBothWays(
  ctx: DbContext,
  userA: number,
  userB: number,
): Promise<void> {
  await repo.deleteFollowsBetween(ctx.db, userA, userB);
}
