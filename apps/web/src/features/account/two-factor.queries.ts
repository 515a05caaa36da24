import type { CurrentUser, TwoFactorState } from '@glimpse/contract';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { staleTimes } from '../../lib/query-policy.ts';
import { authKeys } from '../auth/index.ts';

export const twoFactorKeys = {
  state: ['account', 'two-factor'] as const,
};

/**
 * The signed-in user's `two_factor_enabled` follows what the server last said (the wallet's
 * banner reads it), without asking for the whole user again.
 */
function followState(queryClient: QueryClient, state: TwoFactorState) {
  queryClient.setQueryData<CurrentUser | null>(authKeys.me, (user) =>
    user && user.two_factor_enabled !== state.enabled
      ? { ...user, two_factor_enabled: state.enabled }
      : user,
  );
}

/** GET /api/auth/2fa: what protects the account; fresh each time it is shown. */
export function useTwoFactor() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: twoFactorKeys.state,
    queryFn: async () => {
      const state = await call('twoFactor');
      followState(queryClient, state);
      return state;
    },
    staleTime: staleTimes.always,
  });
}

/** After a change: the state is asked again (the change may have turned two-factor on or off). */
export function useRefreshTwoFactor() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.state });
}

/** A step-up counts until `verified_until`: the shown state says so at once. */
export function useNoteVerified() {
  const queryClient = useQueryClient();
  return (verifiedUntil: string) =>
    queryClient.setQueryData<TwoFactorState>(twoFactorKeys.state, (state) =>
      state ? { ...state, verified_until: verifiedUntil } : state,
    );
}
