import type { StoryGroup } from '@glimpse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { whenIdleAfterLoad } from '../../lib/idle.ts';
import { lazyModule } from '../../lib/lazy-module.ts';
import { Button } from '../../ui/Button.tsx';
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
// first tap opens at once) or when someone opens a story before that. It is rendered once it is
// here, not through Suspense: React would hold the revealed viewer back for 300 ms after the
// fallback, which is most of the time a phone takes to show the first story.
const overlayModule = lazyModule(() => import('./StoryViewerOverlay.tsx'));

/** While the viewer's code is on its way; if it cannot come (offline), a way out. */
function ViewerLoading({
  failed,
  onRetry,
  onClose,
}: {
  failed: boolean;
  onRetry: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-black text-white">
      {failed ? (
        <>
          <p role="alert">{t('common.somethingWentWrong')}</p>
          <div className="flex gap-3">
            <Button onClick={onRetry}>{t('common.retry')}</Button>
            <Button variant="secondary" onClick={onClose}>
              {t('common.close')}
            </Button>
          </div>
        </>
      ) : (
        <Spinner />
      )}
    </div>
  );
}

/** The viewer's module once it has arrived, asking for it while `wanted`. */
function useOverlayModule(wanted: boolean) {
  const [overlay, setOverlay] = useState(overlayModule.current);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted || overlay) return;
    let current = true;
    overlayModule.load().then(
      (module) => current && setOverlay(module),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [wanted, overlay, attempt]);
  const retry = () => {
    setFailed(false);
    setAttempt((count) => count + 1);
  };
  return { overlay, failed, retry };
}

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
  const { overlay, failed, retry } = useOverlayModule(session !== null);
  useCoveredScreen(session !== null);
  useEffect(() => {
    // Unit tests render this provider everywhere; they load the viewer only when they open it.
    if (import.meta.env.MODE === 'test') return;
    return whenIdleAfterLoad(() => void overlayModule.load().catch(() => undefined));
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
          <ViewerLoading failed={failed} onRetry={retry} onClose={handleClose} />
        ))}
    </StoryViewerContext>
  );
}
