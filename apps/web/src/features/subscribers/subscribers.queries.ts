import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

export const subscriberKeys = {
  mine: ['subscribers', 'mine'] as const,
};

/** People with an active subscription to the signed-in creator. */
export function useMySubscribers() {
  return useQuery({ queryKey: subscriberKeys.mine, queryFn: () => call('subscribers') });
}
