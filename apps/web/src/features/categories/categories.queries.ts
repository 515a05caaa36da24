import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { staleTimes } from '../../lib/query-policy.ts';

export const categoryKeys = {
  all: ['user-categories'] as const,
};

/** Every parent category; the selector narrows by gender itself, so one cached list serves all. */
export function useUserCategories() {
  return useQuery({
    queryKey: categoryKeys.all,
    queryFn: () => call('userCategories'),
    staleTime: staleTimes.reference,
  });
}
