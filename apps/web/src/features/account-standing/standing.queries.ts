import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { staleTimes } from '../../lib/query-policy.ts';

export const standingKeys = { standing: ['account', 'standing'] as const };

/** What moderation decided about the signed-in account; always read fresh. */
export function useAccountStanding() {
  return useQuery({
    queryKey: standingKeys.standing,
    queryFn: ({ signal }) => call('accountStanding', undefined, { signal }),
    staleTime: staleTimes.always,
  });
}
