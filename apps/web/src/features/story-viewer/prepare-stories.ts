import type { QueryClient } from '@tanstack/react-query';
import { overlayModule } from './overlay-module.ts';
import { fetchStoryGroup, storyViewerKeys } from './story-viewer.queries.ts';

/*
 * Readying the stories a person is about to open, so the first tap waits only for the first
 * picture. Home does it for its first creator (app/first-route.ts), since opening stories is
 * what home is for. Failures are left for the opening to meet again.
 */

/** The creator's story group, cached under the key the viewer reads (a small JSON answer). */
export function prefetchStoryGroup(queryClient: QueryClient, userId: number): Promise<void> {
  return queryClient.prefetchQuery({
    queryKey: storyViewerKeys.group(userId),
    queryFn: () => fetchStoryGroup(userId),
  });
}

/** The viewer's own code (a few chunks), which every screen otherwise fetches when idle. */
export function preloadStoryViewer(): Promise<void> {
  return overlayModule.load().then(
    () => undefined,
    () => undefined,
  );
}
