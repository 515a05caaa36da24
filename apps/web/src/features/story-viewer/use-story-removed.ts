import type { StoryGroup } from '@glimpse/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { useRealtimeEvent } from '../../lib/realtime.ts';
import { notify } from '../../ui/snackbar.ts';
import { dropStoryFromGroups } from './story-removal.ts';
import type { StoryRemovedAction } from './viewer-removal-state.ts';

interface StoryRemovedOptions {
  group: StoryGroup | undefined;
  storyIndex: number | null;
  dispatch: Dispatch<StoryRemovedAction>;
}

/**
 * The open viewer and a taken-down story (`content.removed`): the story leaves the group here
 * too (the app-wide watcher may not have loaded yet), and the viewer keeps its place: on the
 * removed story it moves on to the next one, or closes when none is left, and says why.
 */
export function useStoryRemoved({ group, storyIndex, dispatch }: StoryRemovedOptions): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useRealtimeEvent('content.removed', (event) => {
    if (event.kind !== 'story') return;
    dropStoryFromGroups(queryClient, event.id);
    const removedIndex = group?.stories.findIndex((story) => story.id === event.id) ?? -1;
    if (!group || removedIndex === -1 || storyIndex === null) return;
    if (removedIndex === storyIndex) notify.info(t('viewer.removed'));
    dispatch({ type: 'storyRemoved', removedIndex, remaining: group.stories.length - 1 });
  });
}
