import type { QueryClient } from '@tanstack/react-query';
import type { StoryGroup } from '@glimpse/contract';
import { preloadOpeningStory } from './story-picture.ts';
import { fetchStoryGroup, storyViewerKeys } from './story-viewer.queries.ts';

/*
 * Readying the stories a person is about to open, so the first tap waits only for the first
 * picture. Home does it for its first creator (app/first-route.ts), since opening stories is
 * what home is for. Failures are left for the opening to meet again.
 */

/**
 * The creator's story group, cached under the key the viewer reads (a small JSON answer), then
 * the picture the viewer would open on, at low priority: a tap then shows the story at once
 * instead of after one more round trip. Skipped for a person who asked their browser to save
 * data (one story picture, 5-80 kB, on every home visit).
 */
export async function readyStoryGroup(queryClient: QueryClient, userId: number): Promise<void> {
  const queryKey = storyViewerKeys.group(userId);
  await queryClient.prefetchQuery({ queryKey, queryFn: () => fetchStoryGroup(userId) });
  const group = queryClient.getQueryData<StoryGroup>(queryKey);
  if (group && !savesData()) preloadOpeningStory(group, undefined, 'low');
}

/** The Save-Data preference (Chromium's Network Information API; absent elsewhere). */
function savesData(): boolean {
  const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}
