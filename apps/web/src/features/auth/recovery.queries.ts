import type { CurrentUser, ResetPasswordBody, TwoFactorMethod } from '@glimpse/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { rememberSignedIn } from '../../lib/signed-in-hint.ts';
import { authKeys } from './auth.queries.ts';

/** POST /api/auth/password/forgot: the same answer whether or not the address has an account. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => call('forgotPassword', { body: { email } }),
  });
}

/**
 * POST /api/auth/password/reset. The server answers the account's user and sets this browser's
 * session cookie, or, for an account with a second factor, asks for it first (the second step). A browser with no session takes the user into the cache as sign-in does
 * (`'signed-in'`); one that was signed in (maybe as someone else, whose caches and socket are
 * still here) must start afresh with a full page load (`'reload'`).
 */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ResetPasswordBody): Promise<ResetOutcome> => {
      const answer = await call('resetPassword', { body });
      // The password is set; an account with a second factor still gives it before signing in.
      if ('two_factor_required' in answer) return { secondStep: answer.methods };
      return finishSignIn(queryClient, answer);
    },
  });
}

export type ResetOutcome = 'signed-in' | 'reload' | { secondStep: TwoFactorMethod[] };

/**
 * Takes the signed-in user in, or (a browser that was signed in, maybe as someone else, whose
 * caches and socket are still here) asks for a fresh page load.
 */
export function finishSignIn(queryClient: QueryClient, user: CurrentUser): 'signed-in' | 'reload' {
  rememberSignedIn(true);
  if (queryClient.getQueryData<CurrentUser | null>(authKeys.me)) return 'reload';
  queryClient.setQueryData(authKeys.me, user);
  return 'signed-in';
}

/**
 * POST /api/auth/email/verify: follows a mailed link, signed in or not (the link may belong to
 * another account than the one signed in here). A signed-in browser asks again who it is, so a
 * notice about an unconfirmed address goes and a changed address shows.
 */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call('verifyEmail', { body: { token } }),
    onSuccess: async () => {
      if (queryClient.getQueryData(authKeys.me)) {
        await queryClient.invalidateQueries({ queryKey: authKeys.me });
      }
    },
  });
}
