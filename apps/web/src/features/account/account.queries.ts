import type {
  AccountSession,
  ChangeEmailBody,
  ChangePasswordBody,
  CurrentUser,
} from '@glimpse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, isApiError } from '../../lib/api.ts';
import { staleTimes } from '../../lib/query-policy.ts';
import { authKeys } from '../auth/index.ts';

export const accountKeys = {
  sessions: ['account', 'sessions'] as const,
};

/** This device first, then the others, most recently used first. */
function inOrder(sessions: AccountSession[]): AccountSession[] {
  return [...sessions].sort(
    (a, b) =>
      Number(b.current) - Number(a.current) ||
      Date.parse(b.last_used_at) - Date.parse(a.last_used_at),
  );
}

/** GET /api/auth/sessions: every device signed in to the account, fresh each time it is shown. */
export function useSessions() {
  return useQuery({
    queryKey: accountKeys.sessions,
    queryFn: async () => inOrder(await call('sessions')),
    staleTime: staleTimes.always,
  });
}

/** Ends one other device's session; gone from the list at once, then the list is asked again. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: AccountSession) => call('revokeSession', { params: { id: session.id } }),
    onSettled: (_result, error, session) => {
      // session_not_found: it had ended already, which is what was asked for.
      if (!error || isApiError(error, 'session_not_found')) {
        queryClient.setQueryData<AccountSession[]>(accountKeys.sessions, (sessions) =>
          sessions?.filter((each) => each.id !== session.id),
        );
      }
      void queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
    },
  });
}

/** Ends every session of the account but this browser's. */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('revokeOtherSessions'),
    onSuccess: () => {
      queryClient.setQueryData<AccountSession[]>(accountKeys.sessions, (sessions) =>
        sessions?.filter((each) => each.current),
      );
      void queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
    },
  });
}

/** PUT /api/users/me/password: the server signs every other device out. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => call('changePassword', { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

/** POST /api/users/me/email: the address changes only once the link sent to it is opened. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (body: ChangeEmailBody) => call('changeEmail', { body }),
  });
}

/** Marks the signed-in user's address confirmed in the cache (the server said it is). */
export function useMarkEmailConfirmed() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.setQueryData<CurrentUser | null>(authKeys.me, (user) =>
      user ? { ...user, email_verified: true } : user,
    );
}

/** POST /api/auth/email/resend: a new confirmation link to the account's address. */
export function useResendVerification() {
  return useMutation({ mutationFn: () => call('resendVerification') });
}
