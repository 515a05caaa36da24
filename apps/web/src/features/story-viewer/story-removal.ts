import type { StoryGroup } from '@glimpse/contract';
import type { QueryClient } from '@tanstack/react-query';
import { storyViewerKeys } from './story-viewer.queries.ts';

/**
 * Drops a taken-down story from every cached story group, so the open viewer never plays it
 * again. The app-wide watcher (features/realtime-removals) does the same for the other screens;
 * it loads when the page is idle, which may be after the viewer opened. Dropping twice is fine.
 */
export function dropStoryFromGroups(queryClient: QueryClient, storyId: number): void {
  queryClient.setQueriesData<StoryGroup>({ queryKey: storyViewerKeys.groups }, (group) =>
    group?.stories.some((story) => story.id === storyId)
      ? { ...group, stories: group.stories.filter((story) => story.id !== storyId) }
      : group,
  );
}
