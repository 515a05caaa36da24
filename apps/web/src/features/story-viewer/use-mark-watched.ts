import type { Story } from '@glimpse/contract';
import { useEffect } from 'react';
import { useMarkStoryWatched } from './story-viewer.queries.ts';
import type { WatchTracker } from './watch-tracker.ts';

/** Spec 4: each story shown is marked watched; once per story in this app session. */
export function useMarkWatched(story: Story, tracker: WatchTracker) {
  const { mutate } = useMarkStoryWatched();
  useEffect(() => {
    if (!story.watched && tracker.claim(story.id)) mutate(story.id);
  }, [story.id, story.watched, tracker, mutate]);
}
