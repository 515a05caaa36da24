import type { StoryGroup } from '@glimpse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { authKeys } from '../auth/auth.queries.ts';

export const storyViewerKeys = {
  groups: ['story-groups'] as const,
  group: (userId: number) => [...storyViewerKeys.groups, userId] as const,
};

export function fetchStoryGroup(userId: number): Promise<StoryGroup> {
  return api.get<StoryGroup>(`/api/users/${userId}/stories`);
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
    mutationFn: (storyId: number) => api.post<void>(`/api/stories/${storyId}/watch`),
  });
}

/** Clears the first-time guide flag; the groups and the current user carry it, so both follow. */
export function useClearGuide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ success: true }>('/api/users/update-guide'),
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
      api.post<{ success: true; message: string }>(`/api/stories/${storyId}/report`, {
        accusation,
      }),
  });
}
