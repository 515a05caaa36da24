import './viewer-texts.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog as RadixDialog, VisuallyHidden } from 'radix-ui';
import {
  useDeferredValue,
  useEffect,
  useEffectEvent,
  useReducer,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { afterNextFrame } from '../../lib/after-next-frame.ts';
import { routes } from '../../routes.ts';
import { cn } from '../../ui/cn.ts';
import { useWideLayout } from '../../ui/use-media-query.ts';
import { StoryGuide } from './StoryGuide.tsx';
import { StoryScreen } from './StoryScreen.tsx';
import type { StoryViewerSession } from './story-viewer-context.ts';
import { NeighbourColumn } from './NeighbourColumn.tsx';
import { OpeningPicture } from './OpeningPicture.tsx';
import { STORY_FRAME_CLASS, VIEWER_BACKDROP_CLASS } from './viewer-frame.ts';
import { ViewerStatus } from './ViewerStatus.tsx';
import {
  fetchStoryGroup,
  storyViewerKeys,
  useClearGuide,
  useStoryGroup,
} from './story-viewer.queries.ts';
import { useStoryRemoved } from './use-story-removed.ts';
import { viewerWithRemovalsReducer } from './viewer-removal-state.ts';
import { currentStoryIndex, initialViewerState } from './viewer-state.ts';
import type { WatchTracker } from './watch-tracker.ts';

interface StoryViewerOverlayProps {
  session: StoryViewerSession;
  watchTracker: WatchTracker;
  onClose: () => void;
}

/** Keys typed into a control keep their own meaning (Space presses a button). */
function isTypingOrPressing(target: EventTarget): boolean {
  return (
    target instanceof HTMLElement && target.closest('button, a, input, textarea, select') !== null
  );
}

/** The snackbars (sonner) live outside the viewer, beside the app. */
function isInSnackbar(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[data-sonner-toaster]') !== null;
}

/** A text field: the arrow keys move its caret there, not the story. */
function isTextField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('input, textarea, select') !== null;
}

/** The next creator's stories load while the current ones play, so crossing over is instant. */
function usePrefetchGroup(userId: number | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === undefined) return;
    void queryClient.prefetchQuery({
      queryKey: storyViewerKeys.group(userId),
      queryFn: () => fetchStoryGroup(userId),
    });
  }, [queryClient, userId]);
}

/** The opening picture here only fills the first frame; nothing waits for it. */
function ignoreShown() {}

/** The full-screen viewer: walks the creators of the session and their stories (spec 2, 4). */
export function StoryViewerOverlay({ session, watchTracker, onClose }: StoryViewerOverlayProps) {
  const { t } = useTranslation();
  const contentRef = useRef<HTMLDivElement>(null);
  const [state, dispatch] = useReducer(viewerWithRemovalsReducer, session, (start) =>
    initialViewerState({
      userCount: start.userIds.length,
      startUserIndex: start.startUserIndex,
      startStoryIndex: start.startStoryIndex,
    }),
  );
  const [muted, setMuted] = useState(false);
  const [repeat, setRepeat] = useState(false);
  const [guideDone, setGuideDone] = useState(false);
  const wide = useWideLayout();
  // The dialog opens on the picture the loading state showed, and the story with its controls
  // follows in a render of its own: Radix's dialog re-renders itself synchronously from its
  // mount (refs that set state), taking every effect of what it holds into that one task, and
  // on a slow phone the whole viewer in one commit was a long one.
  const storyShown = useDeferredValue(true, false);
  const clearGuide = useClearGuide();
  const userId = session.userIds[state.userIndex];
  const groupQuery = useStoryGroup(userId);
  const group = groupQuery.data;
  usePrefetchGroup(session.userIds[state.userIndex + 1]);

  // Pin the story to show as soon as the group is known (adjusting state while rendering
  // avoids a frame showing the wrong story); an empty group is skipped.
  if (group && !state.closed && (state.target.kind !== 'index' || group.stories.length === 0)) {
    dispatch({ type: 'groupLoaded', watched: group.stories.map((story) => story.watched) });
  }

  const handleClosed = useEffectEvent(onClose);
  useEffect(() => {
    if (state.closed) handleClosed();
  }, [state.closed]);

  const storyIndex = currentStoryIndex(state);
  const story = storyIndex === null ? undefined : group?.stories[storyIndex];
  const storyCount = group?.stories.length ?? 0;
  const guideOpen = Boolean(group?.guide) && !guideDone;
  useStoryRemoved({ group, storyIndex, dispatch });

  function handleClose() {
    dispatch({ type: 'close' });
  }

  function handleOpenProfile(slug: string) {
    handleClose();
    void session.navigate(routes['otherUser.profile.viewSlug']({ slug }));
  }

  function handleOpenChat(companionId: number) {
    handleClose();
    void session.navigate(routes['user.own.chat']({ id: companionId }));
  }

  function handleReturnFocus() {
    contentRef.current?.focus({ preventScroll: true });
  }

  function handleGoToUser(userIndex: number) {
    dispatch({ type: 'goToUser', userIndex });
  }

  function handleGuideFinished() {
    setGuideDone(true);
    clearGuide.mutate();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // Keys typed in a nested dialog (report, unlock) bubble here through the React tree.
    if (!(event.target instanceof Node) || !event.currentTarget.contains(event.target)) return;
    if (isTextField(event.target)) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      dispatch({ type: 'next', storyCount });
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      dispatch({ type: 'previous' });
    } else if (event.key === ' ' && !isTypingOrPressing(event.target)) {
      event.preventDefault();
      dispatch({ type: 'togglePause', hideContent: false });
    }
  }

  return (
    <RadixDialog.Root open={!state.closed} onOpenChange={(open) => !open && handleClose()}>
      {/* No Portal: the provider already renders the viewer beside the app, at its root, and
          Radix's Portal mounts its children only after a layout effect, which turned the
          viewer's first render into a second, synchronous one (one long task on a phone). */}
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black" />
      <RadixDialog.Content
        ref={contentRef}
        aria-describedby={undefined}
        // Focus the viewer itself, so arrows and Space work at once and no control looks chosen.
        // After its first frame: focusing forces the style and layout pass that frame does
        // anyway, and inside the opening commit it made one long task of it on a phone.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          afterNextFrame(() => contentRef.current?.focus({ preventScroll: true }));
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          session.returnFocusTo?.focus();
        }}
        // A press on a snackbar (its "View" or close) is not a press outside the viewer.
        onPointerDownOutside={(event) => {
          if (isInSnackbar(event.target)) event.preventDefault();
        }}
        // Esc in the reply field ends the reply (the story plays on), not the whole viewer.
        onEscapeKeyDown={(event) => {
          if (!isTextField(document.activeElement)) return;
          event.preventDefault();
          handleReturnFocus();
        }}
        onKeyDown={handleKeyDown}
        className={cn('fixed inset-0 z-50 outline-none', VIEWER_BACKDROP_CLASS)}
      >
        <VisuallyHidden.Root>
          <RadixDialog.Title>
            {group ? t('viewer.title', { name: group.name }) : t('viewer.titleLoading')}
          </RadixDialog.Title>
        </VisuallyHidden.Root>
        {!storyShown && (
          <OpeningPicture
            userId={userId}
            startStoryIndex={session.startStoryIndex}
            onShown={ignoreShown}
          />
        )}
        {storyShown && (
          <div className="flex h-full items-center justify-center">
            <div data-testid="story-frame" className={STORY_FRAME_CLASS}>
              {group && story && storyIndex !== null ? (
                <StoryScreen
                  key={`${group.creator_id}-${story.id}`}
                  group={group}
                  story={story}
                  storyIndex={storyIndex}
                  state={state}
                  dispatch={dispatch}
                  muted={muted}
                  repeat={repeat}
                  onMutedChange={setMuted}
                  onRepeatChange={setRepeat}
                  covered={guideOpen}
                  watchTracker={watchTracker}
                  onClose={handleClose}
                  onOpenProfile={handleOpenProfile}
                  onOpenChat={handleOpenChat}
                  onReturnFocus={handleReturnFocus}
                />
              ) : (
                <ViewerStatus
                  failed={groupQuery.isError}
                  onRetry={() => void groupQuery.refetch()}
                  onClose={handleClose}
                />
              )}
              {guideOpen && story && <StoryGuide onFinish={handleGuideFinished} />}
            </div>
            {wide && (
              <>
                <NeighbourColumn
                  side="previous"
                  userIds={session.userIds}
                  userIndex={state.userIndex}
                  onSelect={handleGoToUser}
                />
                <NeighbourColumn
                  side="next"
                  userIds={session.userIds}
                  userIndex={state.userIndex}
                  onSelect={handleGoToUser}
                />
              </>
            )}
          </div>
        )}
      </RadixDialog.Content>
    </RadixDialog.Root>
  );
}
