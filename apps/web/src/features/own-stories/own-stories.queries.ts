import type { EditStoryBody, OwnStory } from '@glimpse/contract';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { sharedQueryRoots, staleTimes } from '../../lib/query-policy.ts';

export const ownStoryKeys = {
  all: sharedQueryRoots.ownStories,
  list: () => [...ownStoryKeys.all, 'list'] as const,
  statistics: (storyId: number) => [...ownStoryKeys.all, 'statistics', storyId] as const,
  viewers: (storyId: number) => [...ownStoryKeys.all, 'viewers', storyId] as const,
};

/** The signed-in user's stories, newest first, including processing and failed ones. */
export function useOwnStories() {
  return useQuery({
    queryKey: ownStoryKeys.list(),
    queryFn: () => call('ownStories'),
  });
}

/** Purchases and tips of one story (spec 2); only verified creators earn, so only they ask. */
export function useStoryStatistics(storyId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ownStoryKeys.statistics(storyId ?? 0),
    queryFn: () => call('storyStatistics', { params: { id: storyId ?? 0 } }),
    enabled: enabled && storyId !== undefined,
    // Statistics load whenever the current story changes (spec 4), never from an old cache.
    staleTime: staleTimes.always,
    // The previous story's figures hold the panel's place meanwhile (shown dimmed and busy).
    placeholderData: keepPreviousData,
  });
}

/** Who watched one story, newest first, a page at a time; asked for once the list is opened. */
export function useStoryViewers(storyId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ownStoryKeys.viewers(storyId),
    queryFn: ({ pageParam, signal }) =>
      call(
        'storyViewers',
        { params: { id: storyId }, query: pageParam ? { cursor: pageParam } : {} },
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (lastPage) => lastPage.cursor ?? undefined,
    enabled,
    staleTime: staleTimes.always,
  });
}

export function useInvalidateOwnStories() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ownStoryKeys.all });
}

export function useEditStory() {
  const invalidate = useInvalidateOwnStories();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: EditStoryBody }) =>
      call('editStory', { params: { id }, body }),
    onSuccess: invalidate,
  });
}

/**
 * Deletes an own story. The deleted story leaves the cached list at once, so the menu moves off
 * it before anything reloads; its statistics are dropped, never asked for again (they would
 * answer 404). Only the list reloads: invalidating the whole root would refetch the statistics
 * of the story on screen, which is the deleted one until the list has changed.
 */
export function useDeleteStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('deleteStory', { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<OwnStory[]>(ownStoryKeys.list(), (stories) =>
        stories?.filter((story) => story.id !== id),
      );
      queryClient.removeQueries({ queryKey: ownStoryKeys.statistics(id), exact: true });
      return queryClient.invalidateQueries({ queryKey: ownStoryKeys.list() });
    },
  });
}
