import { AppError } from '../../../platform/errors/app-error.ts';
import type { RelationFact, UserFact } from '../access.repository.ts';
import { relationFacts, userFacts } from '../access.repository.ts';
import { definePermission, type Verdict, type Viewer } from '../permission.ts';

/**
 * Profiles are for signed-in users (docs/decisions.md, "Who sees profiles"), except that a user
 * who blocked the viewer is hidden from them like a missing one (features/blocks), and an
 * account being deleted is hidden from everyone but its owner (features/account-deletion).
 */
export function decideUserView(user: UserFact, viewer: Viewer): Verdict {
  if (viewer === null || user.blocksViewer) return 'hidden';
  return user.accountHidden && user.id !== viewer ? 'hidden' : 'allow';
}

/**
 * Following or subscribing: what `user.view` allows, except someone the viewer blocked (a block
 * ends the follows; a new follow or subscription would undo it behind the blocker's back).
 */
export function decideUserRelate(user: RelationFact, viewer: Viewer): Verdict {
  const view = decideUserView(user, viewer);
  if (view !== 'allow') return view;
  return user.blockedByViewer ? 'forbidden' : 'allow';
}

export const userPermissions = {
  /** Read a user's profile, companion card or story group. */
  'user.view': definePermission<number, UserFact>({
    load: userFacts,
    idOf: (user) => user.id,
    decide: decideUserView,
    refusals: {
      hidden: () => new AppError('user_not_found'),
      forbidden: () => new AppError('user_not_found'),
    },
  }),
  /** Follow a user or subscribe to them. */
  'user.relate': definePermission<number, RelationFact>({
    load: relationFacts,
    idOf: (user) => user.id,
    decide: decideUserRelate,
    refusals: {
      hidden: () => new AppError('user_not_found'),
      forbidden: () => new AppError('user_blocked'),
    },
  }),
};
