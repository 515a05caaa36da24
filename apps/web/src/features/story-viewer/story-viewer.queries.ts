import type { StoryGroup } from '@glimpse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { authKeys } from '../auth/index.ts';

export const storyViewerKeys = {
  groups: ['story-groups'] as const,
  group: (userId: number) => [...storyViewerKeys.groups, userId] as const,
};

export function fetchStoryGroup(userId: number): Promise<StoryGroup> {
  return call('storyGroup', { params: { id: userId } });
}

/** A creator's stories as the viewer may see them (oldest first; locked ones without media). */
export function useStoryGroup(userId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: storyViewerKeys.group(userId ?? 0),
    queryFn: () => fetchStoryGroup(userId ?? 0),
    enabled: enabled && userId !== undefined,
  });
}

export function useMarkStoryWatched() {
  return useMutation({
    mutationFn: (storyId: number) => call('watchStory', { params: { id: storyId } }),
  });
}

/** Clears the first-time guide flag; the groups and the current user carry it, so both follow. */
export function useClearGuide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('clearGuide'),
    onSuccess: async () => {
      queryClient.setQueriesData<StoryGroup>({ queryKey: storyViewerKeys.groups }, (group) =>
        group ? { ...group, guide: false } : group,
      );
      await queryClient.invalidateQueries({ queryKey: authKeys.me });
    },
  });
}

export function useReportStory() {
  return useMutation({
    mutationFn: ({ storyId, accusation }: { storyId: number; accusation: string }) =>
      call('reportStory', { params: { id: storyId }, body: { accusation } }),
  });
}

/**
 * A reply (or a quick reaction, one emoji) to a story: a direct message to its creator quoting
 * it. One client id per reply, so a retried request never posts it twice.
 */
export function useReplyToStory() {
  return useMutation({
    mutationFn: ({
      storyId,
      text,
      clientId,
    }: {
      storyId: number;
      text: string;
      clientId: string;
    }) => call('replyToStory', { params: { id: storyId }, body: { text, client_id: clientId } }),
  });
}
