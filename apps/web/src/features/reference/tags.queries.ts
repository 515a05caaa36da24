import type { Sex, Tag } from '@glimpse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { REFERENCE_STALE_MS } from './countries.queries.ts';

export const tagKeys = {
  all: ['tags'] as const,
  byGenders: (genders: Sex[]) => [...tagKeys.all, { genders: [...genders].sort() }] as const,
};

export function useTags(genders: Sex[] = []) {
  return useQuery({
    queryKey: tagKeys.byGenders(genders),
    queryFn: () => api.get<Tag[]>('/api/tags', { query: { genders } }),
    staleTime: REFERENCE_STALE_MS,
  });
}
