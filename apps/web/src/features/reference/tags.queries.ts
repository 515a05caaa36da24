import type { Sex } from '@glimpse/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { staleTimes } from '../../lib/query-policy.ts';

export const tagKeys = {
  all: ['tags'] as const,
  byGenders: (genders: Sex[]) => [...tagKeys.all, { genders: [...genders].sort() }] as const,
};

export function useTags(genders: Sex[] = []) {
  return useQuery({
    queryKey: tagKeys.byGenders(genders),
    queryFn: () => call('tags', { query: { genders } }),
    staleTime: staleTimes.reference,
  });
}
