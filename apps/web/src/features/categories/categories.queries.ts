import type { UserCategory } from '@glimpse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { REFERENCE_STALE_MS } from '../reference/countries.queries.ts';

export const categoryKeys = {
  all: ['user-categories'] as const,
};

/** Every parent category; the selector narrows by gender itself, so one cached list serves all. */
export function useUserCategories() {
  return useQuery({
    queryKey: categoryKeys.all,
    queryFn: () => api.get<UserCategory[]>('/api/user-categories'),
    staleTime: REFERENCE_STALE_MS,
  });
}
