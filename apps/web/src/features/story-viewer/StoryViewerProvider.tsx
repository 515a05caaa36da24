import type { StoryGroup } from '@glimpse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { whenIdleAfterLoad } from '../../lib/idle.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import {
  StoryViewerContext,
  type StoryViewerContextValue,
  type StoryViewerSession,
} from './story-viewer-context.ts';
import { preloadOpeningStory } from './story-picture.ts';
import { fetchStoryGroup, storyViewerKeys } from './story-viewer.queries.ts';
import { createWatchTracker } from './watch-tracker.ts';

// The viewer (media, gestures, dialogs) is its own chunk, fetched once the page is idle (so the
// first tap opens at once) or when someone opens a story before that.
const loadOverlay = () => import('./StoryViewerOverlay.tsx');
const StoryViewerOverlay = lazy(() =>
  loadOverlay().then((m) => ({ default: m.StoryViewerOverlay })),
);

function ViewerLoading() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black">
      <Spinner />
    </div>
  );
}

/** Holds the one story viewer of the app; screens open it through `useStoryViewer()`. */
export function StoryViewerProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<StoryViewerSession | null>(null);
  const [watchTracker] = useState(createWatchTracker);
  useEffect(() => {
    // Unit tests render this provider everywhere; they load the viewer only when they open it.
    if (import.meta.env.MODE === 'test') return;
    return whenIdleAfterLoad(() => void loadOverlay().catch(() => undefined));
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
      {session && (
        <Suspense fallback={<ViewerLoading />}>
          <StoryViewerOverlay
            key={session.id}
            session={session}
            watchTracker={watchTracker}
            onClose={handleClose}
          />
        </Suspense>
      )}
    </StoryViewerContext>
  );
}
