import { AppError } from '../../../platform/errors/app-error.ts';
import type { UserFact } from '../access.repository.ts';
import { userFacts } from '../access.repository.ts';
import { definePermission, type Verdict, type Viewer } from '../permission.ts';

/**
 * Profiles are for signed-in users (docs/decisions.md, "Who sees profiles"), except that a user
 * who blocked the viewer is hidden from them like a missing one (features/blocks).
 */
export function decideUserView(user: UserFact, viewer: Viewer): Verdict {
  return viewer === null || user.blocksViewer ? 'hidden' : 'allow';
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
};
