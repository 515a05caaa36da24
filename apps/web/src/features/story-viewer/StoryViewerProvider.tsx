import type { StoryGroup } from '@glimpse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { whenIdleAfterLoad } from '../../lib/idle.ts';
import {
  StoryViewerContext,
  type StoryViewerContextValue,
  type StoryViewerSession,
} from './story-viewer-context.ts';
import { overlayModule } from './overlay-module.ts';
import { preloadOpeningStory } from './story-picture.ts';
import { fetchStoryGroup, storyViewerKeys } from './story-viewer.queries.ts';
import { useOverlayModule } from './use-overlay-module.ts';
import { ViewerLoading } from './ViewerLoading.tsx';
import { createWatchTracker } from './watch-tracker.ts';

/**
 * Marks the page while the viewer covers it: the screen behind is then neither rendered nor
 * loading its lazy images (index.css, `data-screen-root`), which leaves the network and the
 * main thread to the story. Set before the browser paints the viewer, removed before the focus
 * goes back to the screen.
 */
function useCoveredScreen(covered: boolean) {
  useLayoutEffect(() => {
    if (!covered) return;
    const root = document.documentElement;
    root.dataset.storyViewerOpen = '';
    return () => {
      delete root.dataset.storyViewerOpen;
    };
  }, [covered]);
}

/** Holds the one story viewer of the app; screens open it through `useStoryViewer()`. */
export function StoryViewerProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<StoryViewerSession | null>(null);
  const [watchTracker] = useState(createWatchTracker);
  const { overlay, failed, retry, pictureShown } = useOverlayModule(session?.id ?? null);
  useCoveredScreen(session !== null);
  useEffect(() => {
    // The viewer's code comes once the page is idle (so a tap opens at once), or when someone
    // opens a story before that: home readies its first story's picture, not this code.
    // Unit tests render this provider everywhere; they load the viewer only when they open it.
    if (import.meta.env.MODE === 'test') return;
    return whenIdleAfterLoad(() => overlayModule.prefetch());
  }, []);

  const value = useMemo<StoryViewerContextValue>(
    () => ({
      open(options, navigate) {
        if (options.userIds.length === 0) return;
        // The first creator's stories load while the viewer's code does, not after it.
        const firstId = options.userIds[options.startUserIndex];
        if (firstId !== undefined) {
          const key = storyViewerKeys.group(firstId);
          void queryClient
            .prefetchQuery({ queryKey: key, queryFn: () => fetchStoryGroup(firstId) })
            .then(() => {
              // Its first picture too, while the viewer's code is still on its way.
              const group = queryClient.getQueryData<StoryGroup>(key);
              if (group) preloadOpeningStory(group, options.startStoryIndex);
            });
        }
        const focused = document.activeElement;
        setSession((previous) => ({
          ...options,
          id: (previous?.id ?? 0) + 1,
          navigate,
          returnFocusTo: focused instanceof HTMLElement ? focused : null,
        }));
      },
    }),
    [queryClient],
  );

  function handleClose() {
    const closing = session;
    setSession(null);
    // Watched flags changed while viewing: rings and "first unwatched" must be fetched again.
    void queryClient.invalidateQueries({ queryKey: storyViewerKeys.groups });
    closing?.onClose?.();
  }

  return (
    <StoryViewerContext value={value}>
      {children}
      {session &&
        (overlay ? (
          <overlay.StoryViewerOverlay
            key={session.id}
            session={session}
            watchTracker={watchTracker}
            onClose={handleClose}
          />
        ) : (
          <ViewerLoading
            session={session}
            failed={failed}
            onRetry={retry}
            onClose={handleClose}
            onPictureShown={pictureShown}
          />
        ))}
    </StoryViewerContext>
  );
}
