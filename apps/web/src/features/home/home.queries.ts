import { DISCOVER_REFRESH_MS, type HomeItem, type HomeSection } from '@glimpse/contract';
import {
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../lib/api.ts';
import type { HomeListQuery } from '../filter/index.ts';
import { discoverLimit } from './discover-limit.ts';

export { discoverLimit };

export const homeKeys = {
  all: ['home'] as const,
  section: (section: HomeSection, query: HomeListQuery) =>
    [...homeKeys.all, section, query] as const,
  discoverAll: ['home', 'discover'] as const,
  discover: (query: HomeListQuery, limit: number) =>
    [...homeKeys.discoverAll, query, { limit }] as const,
};

type SectionQuery = HomeListQuery & { page?: number; limit?: number };

function fetchSection(section: HomeSection, query: SectionQuery, signal: AbortSignal) {
  return call('homeStories', { params: { section }, query }, { signal });
}

/** Subscribed and Following come whole in one answer. */
export function useHomeSection(
  section: Exclude<HomeSection, 'discover'>,
  query: HomeListQuery,
  enabled: boolean,
) {
  return useQuery({
    queryKey: homeKeys.section(section, query),
    queryFn: ({ signal }) => fetchSection(section, query, signal),
    enabled,
  });
}

/**
 * Discover, page by page. The periodic refresh refetches every loaded page in place, so the
 * list keeps its length and the reader keeps their scroll position.
 */
export function useDiscover(query: HomeListQuery, limit: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: homeKeys.discover(query, limit),
    queryFn: ({ pageParam, signal }) =>
      fetchSection('discover', { ...query, page: pageParam, limit }, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => (lastPage.length < limit ? undefined : pages.length + 1),
    refetchInterval: DISCOVER_REFRESH_MS,
    enabled,
  });
}

/** Pages can shift between refreshes; an id shown twice would break keys and the viewer order. */
export function flattenPages(data: InfiniteData<HomeItem[]> | undefined): HomeItem[] {
  const seen = new Set<number>();
  const items: HomeItem[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

/** Keeps only Discover's first page, so the next refetch starts from page 1 again. */
function trimDiscoverToFirstPage(queryClient: QueryClient) {
  queryClient.setQueriesData<InfiniteData<HomeItem[], number>>(
    { queryKey: homeKeys.discoverAll },
    (data) => data && { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) },
  );
}

/** Spec 4: closing the viewer reloads the home lists and resets Discover to page 1. */
export function useReloadHomeLists() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    trimDiscoverToFirstPage(queryClient);
    void queryClient.invalidateQueries({ queryKey: homeKeys.all });
  }, [queryClient]);
}
