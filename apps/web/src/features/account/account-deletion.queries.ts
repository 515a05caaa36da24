import type { CurrentUser } from '@glimpse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, isApiError } from '../../lib/api.ts';
import { rememberSignedIn } from '../../lib/signed-in-hint.ts';
import { routes } from '../../routes.ts';
import { authKeys, markSessionEndedOnPurpose } from '../auth/index.ts';

/**
 * POST /api/users/me/deletion: the server hides the account and signs every device out, this one
 * too, so nothing of this session's cache is worth keeping. `withSecondFactor` is the step-up
 * gate's (the server asks for a recent second factor when the account has one).
 */
export function useRequestAccountDeletion(
  withSecondFactor: <T>(change: () => Promise<T>) => Promise<T>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      withSecondFactor(() => call('requestAccountDeletion', { body: { password } })),
    onSuccess: () => {
      rememberSignedIn(false);
      // The answer stays up until the person goes to sign-in, whatever the page asks meanwhile.
      markSessionEndedOnPurpose(queryClient);
    },
  });
}

/** After the deletion was asked for: a full page load to sign-in drops the old session's state. */
export function leaveForSignIn(): void {
  window.location.replace(routes['auth.signIn']());
}

/**
 * DELETE /api/users/me/deletion: the account is kept and shows again. A deletion already
 * cancelled (another device) is what was asked for.
 */
export function useKeepAccount() {
  const queryClient = useQueryClient();
  const kept = () =>
    queryClient.setQueryData<CurrentUser | null>(authKeys.me, (user) =>
      user ? { ...user, deletion_scheduled_for: null } : user,
    );
  return useMutation({
    mutationFn: async () => {
      try {
        await call('cancelAccountDeletion');
      } catch (error) {
        if (!isApiError(error, 'deletion_not_requested')) throw error;
      }
    },
    onSuccess: kept,
  });
}
