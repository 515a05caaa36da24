import { DISCOVER_REFRESH_MS, type HomeSection } from '@glimpse/contract';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { call } from '../../lib/api.ts';
import { staleTimes } from '../../lib/query-policy.ts';
import type { HomeListQuery } from '../filter/index.ts';
import { homeKeys } from './home.queries.ts';

/**
 * The Streams tab's lists (GET /api/home/streams/{section}), under the home root so whatever
 * reloads the home lists reloads these too. Its own module: the tab is a lazy chunk.
 */
export const homeStreamKeys = {
  all: [...homeKeys.all, 'streams'] as const,
  section: (section: Exclude<HomeSection, 'discover'>, query: HomeListQuery) =>
    [...homeStreamKeys.all, section, query] as const,
  discover: (query: HomeListQuery, limit: number) =>
    [...homeStreamKeys.all, 'discover', query, { limit }] as const,
};

/** Who is live changes by the minute: every list refreshes like Discover while it is shown. */
const refreshEvery = (active: boolean) => (active ? DISCOVER_REFRESH_MS : false);

/**
 * Read again whenever home is shown again: a stream that ended while the viewer was away (on
 * its watch screen, say) sent its `stream.ended` to no list, and must not linger from the cache.
 */
const liveStaleTime = staleTimes.always;

export function useStreamsSection(
  section: Exclude<HomeSection, 'discover'>,
  query: HomeListQuery,
  active: boolean,
  enabled = true,
) {
  return useQuery({
    queryKey: homeStreamKeys.section(section, query),
    queryFn: ({ signal }) => call('homeStreams', { params: { section }, query }, { signal }),
    staleTime: liveStaleTime,
    refetchInterval: refreshEvery(active),
    enabled,
  });
}

export function useDiscoverStreams(
  query: HomeListQuery,
  limit: number,
  active: boolean,
  enabled = true,
) {
  return useInfiniteQuery({
    queryKey: homeStreamKeys.discover(query, limit),
    queryFn: ({ pageParam, signal }) =>
      call(
        'homeStreams',
        { params: { section: 'discover' }, query: { ...query, page: pageParam, limit } },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => (lastPage.length < limit ? undefined : pages.length + 1),
    staleTime: liveStaleTime,
    refetchInterval: refreshEvery(active),
    enabled,
  });
}

/**
 * Reloads the Streams lists soon after a stream starts or ends. Events come in bursts (a demo
 * start, many creators at once), so they are gathered for a moment into one reload.
 */
export function useReloadStreamsSoon(delayMs = 400) {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: homeStreamKeys.all });
    }, delayMs);
  }, [queryClient, delayMs]);
}
