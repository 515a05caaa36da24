import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { staleTimes } from '../../lib/query-policy.ts';
import { authKeys } from '../auth/index.ts';
import { leaveAppFor } from './leave-app.ts';

export const verificationKeys = {
  check: ['verification', 'check'] as const,
};

/** Verified, pending or rejected: asked fresh each time a screen shows it. */
export function useVerificationStatus() {
  return useQuery({
    queryKey: verificationKeys.check,
    queryFn: ({ signal }) => call('checkVerification', undefined, { signal }),
    staleTime: staleTimes.always,
  });
}

/** The current user and the check status again, after a check finished. */
export function refreshVerification(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: authKeys.me }),
    queryClient.invalidateQueries({ queryKey: verificationKeys.check }),
  ]);
}

/** The path to come back to: where the user is now, without an earlier outcome notice. */
export function currentReturnPath(): string {
  const url = new URL(window.location.href);
  url.searchParams.delete('verification');
  return `${url.pathname}${url.search}`;
}

/**
 * "Verify now": asks the server for a check and leaves for the provider's page, which sends the
 * user back to `returnTo` with `?verification=approved|rejected`.
 */
export function useStartVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (returnTo: string) => call('startVerification', { body: { return_to: returnTo } }),
    onSuccess: ({ redirectUrl }) => {
      void queryClient.invalidateQueries({ queryKey: verificationKeys.check });
      leaveAppFor(redirectUrl);
    },
  });
}
