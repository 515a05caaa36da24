import type { SearchPage, SearchResult } from '@glimpse/contract';
import { keepPreviousData, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

export const searchKeys = {
  all: ['search'] as const,
  results: (q: string) => ['search', q] as const,
};

/**
 * GET /api/search, page after page by `next_cursor`, for the text `q` (trimmed; '' asks for
 * nothing). A request for a text the reader typed past is aborted: react-query cancels a query
 * nobody watches any more when its fetch took the signal. The previous text's results stay on
 * screen until the new ones arrive, so the list does not flash empty between keystrokes.
 */
export function useSearchResults(q: string) {
  return useInfiniteQuery({
    queryKey: searchKeys.results(q),
    queryFn: ({ pageParam, signal }) =>
      call('search', { query: { q, cursor: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: SearchPage) => last.next_cursor ?? undefined,
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
}

export function flattenResults(data: InfiniteData<SearchPage> | undefined): SearchResult[] {
  return data?.pages.flatMap((page) => page.data) ?? [];
}
