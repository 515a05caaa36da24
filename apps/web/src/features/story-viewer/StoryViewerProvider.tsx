import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Spinner } from '../../ui/Spinner.tsx';
import {
  StoryViewerContext,
  type StoryViewerContextValue,
  type StoryViewerSession,
} from './story-viewer-context.ts';
import { storyViewerKeys } from './story-viewer.queries.ts';
import { createWatchTracker } from './watch-tracker.ts';

// The viewer (media, gestures, dialogs) is fetched the first time someone opens a story.
const StoryViewerOverlay = lazy(() =>
  import('./StoryViewerOverlay.tsx').then((m) => ({ default: m.StoryViewerOverlay })),
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

  const value = useMemo<StoryViewerContextValue>(
    () => ({
      open(options, navigate) {
        if (options.userIds.length === 0) return;
        const focused = document.activeElement;
        setSession((previous) => ({
          ...options,
          id: (previous?.id ?? 0) + 1,
          navigate,
          returnFocusTo: focused instanceof HTMLElement ? focused : null,
        }));
      },
    }),
    [],
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
