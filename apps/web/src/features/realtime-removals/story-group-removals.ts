import type { StoryGroup } from '@glimpse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../lib/realtime.ts';
import { storyViewerKeys } from '../story-viewer/index.ts';

/**
 * App-wide (signed in): a taken-down story leaves every cached story group at once (a profile's
 * grid, the viewer's groups). The open viewer drops it too, in its own code (it may open before
 * this idle-loaded watcher runs) and moves on from it; dropping twice is harmless.
 */
export function useStoryGroupRemovals(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('content.removed', (event) => {
    if (event.kind !== 'story') return;
    queryClient.setQueriesData<StoryGroup>({ queryKey: storyViewerKeys.groups }, (group) =>
      group?.stories.some((story) => story.id === event.id)
        ? { ...group, stories: group.stories.filter((story) => story.id !== event.id) }
        : group,
    );
  });
}
