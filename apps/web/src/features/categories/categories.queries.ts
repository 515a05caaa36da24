import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { REFERENCE_STALE_MS } from '../reference/countries.queries.ts';

export const categoryKeys = {
  all: ['user-categories'] as const,
};

/** Every parent category; the selector narrows by gender itself, so one cached list serves all. */
export function useUserCategories() {
  return useQuery({
    queryKey: categoryKeys.all,
    queryFn: () => call('userCategories'),
    staleTime: REFERENCE_STALE_MS,
  });
}
