import type { Story, StoryGroup } from '@glimpse/contract';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Suspense, useEffect, useRef, useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../ui/lazy-dialog.tsx';
import { afterNextFrame } from '../../lib/after-next-frame.ts';
import { lazyComponent, lazyModule } from '../../lib/lazy-module.ts';
import { cn } from '../../ui/cn.ts';
import type { TapZone } from './classify-gesture.ts';
import { StoryCaption } from './StoryCaption.tsx';
import { StoryMedia } from './StoryMedia.tsx';
import { StoryReply } from './StoryReply.tsx';
import { StoryTopBar } from './StoryTopBar.tsx';
import { useMarkWatched } from './use-mark-watched.ts';
import { useStoryClock } from './use-story-clock.ts';
import { useStoryGestures } from './use-story-gestures.ts';
import { STORY_MEDIA_BOX_CLASS } from './viewer-frame.ts';
import { IconButton } from '../../ui/Button.tsx';
import { isContentHidden, isPlaying, type ViewerAction, type ViewerState } from './viewer-state.ts';
import type { WatchTracker } from './watch-tracker.ts';

// Rarely opened: its form loads with the first report, not with every story.
const ReportStoryDialog = lazyPart(() =>
  import('./ReportStoryDialog.tsx').then((m) => m.ReportStoryDialog),
);
// Only a priced story shows it, and it brings the paying code (money feature, dialogs): loaded
// as soon as a group holds a locked story, so an opened story that is free waits for none of it.
const lockedPromptModule = lazyModule(() => import('./LockedStoryPrompt.tsx'));
const LockedStoryPrompt = lazyComponent(lockedPromptModule, (m) => m.LockedStoryPrompt);

interface StoryScreenProps {
  group: StoryGroup;
  story: Story;
  storyIndex: number;
  state: ViewerState;
  dispatch: Dispatch<ViewerAction>;
  muted: boolean;
  repeat: boolean;
  onMutedChange: (muted: boolean) => void;
  onRepeatChange: (repeat: boolean) => void;
  /** Something lies over the story (the guide): it waits. */
  covered: boolean;
  watchTracker: WatchTracker;
  onClose: () => void;
  onOpenProfile: (slug: string) => void;
  /** Closes the viewer and opens the direct chat with a user (after a reply). */
  onOpenChat: (userId: number) => void;
  /** Gives the focus back to the viewer (after a dialog over it closes, or a reply went). */
  onReturnFocus: () => void;
}

/** One story on screen: media under a gesture surface, its bars, controls, text or lock. */
export function StoryScreen(props: StoryScreenProps) {
  const { t } = useTranslation();
  const { group, story, state, dispatch } = props;
  const videoRef = useRef<HTMLVideoElement>(null);
  const [reportOpen, setReportOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [tipOpen, setTipOpen] = useState(false);
  const [replying, setReplying] = useState(false);
  const [imageReady, setImageReady] = useState(false);
  const storyCount = group.stories.length;
  const isVideo = story.isAvailable && story.is_video;
  const isOwn = story.user_id === group.auth_id;
  const playing = isPlaying(state, props.covered || reportOpen || menuOpen || tipOpen || replying);
  const hidden = isContentHidden(state);

  const hasLockedStory = group.stories.some((item) => !item.isAvailable);
  useEffect(() => {
    if (hasLockedStory) lockedPromptModule.prefetch();
  }, [hasLockedStory]);

  useMarkWatched(story, props.watchTracker);
  useStoryClock({
    mode: !story.isAvailable ? 'none' : isVideo ? 'video' : 'image',
    // An image's time starts once it is on screen, not while it downloads.
    running: playing && (isVideo || imageReady),
    progress: state.progress,
    storyCount,
    dispatch,
  });

  function handleNext() {
    dispatch({ type: 'next', storyCount });
  }

  function handlePrevious() {
    dispatch({ type: 'previous' });
  }

  function handleTap(zone: TapZone) {
    if (zone === 'left') handlePrevious();
    else if (zone === 'right') handleNext();
    else dispatch({ type: 'togglePause', hideContent: true });
  }

  const gestures = useStoryGestures({
    isVideo,
    videoRef,
    onTap: handleTap,
    onHoldChange: (held) => dispatch({ type: 'hold', held }),
    onSwipe: props.onClose,
  });

  // On a phone the arrows sit on the story's edges; on a desktop beside it, whole, in the margin
  // the frame keeps for them (StoryViewerOverlay), outside the layer that rounds the story.
  const stepButtonClass = cn(
    'absolute top-1/2 z-20 -translate-y-1/2 bg-black/20',
    'lg:bg-white/90 lg:text-neutral-900 lg:drop-shadow-none lg:hover:bg-white',
    hidden && 'invisible',
  );

  return (
    <>
      <div className={STORY_MEDIA_BOX_CLASS}>
        <div
          data-testid="story-stage"
          className="absolute inset-0 touch-none select-none"
          {...gestures}
        >
          {story.isAvailable ? (
            <StoryMedia
              story={story}
              creatorName={group.name}
              videoRef={videoRef}
              playing={playing}
              muted={props.muted}
              repeat={props.repeat}
              onProgress={(value) => dispatch({ type: 'progress', value })}
              onEnded={handleNext}
              onImageReady={() => setImageReady(true)}
              onSoundBlocked={() => props.onMutedChange(true)}
            />
          ) : (
            // Inside the story area: taps and swipes on the card work as anywhere on the story;
            // its buttons keep their own presses (see use-story-gestures).
            <>
              <div className="h-full w-full bg-linear-to-b from-neutral-800 to-black" />
              <Suspense fallback={null}>
                <LockedStoryPrompt story={story} group={group} />
              </Suspense>
            </>
          )}
        </div>
        <StoryTopBar
          group={group}
          story={story}
          storyIndex={props.storyIndex}
          progress={state.progress}
          hidden={hidden}
          paused={state.paused}
          muted={props.muted}
          repeat={props.repeat}
          onTogglePause={() => dispatch({ type: 'togglePause', hideContent: false })}
          onMutedChange={props.onMutedChange}
          onRepeatChange={props.onRepeatChange}
          onReport={() => setReportOpen(true)}
          onMenuOpenChange={setMenuOpen}
          onClose={props.onClose}
          onOpenProfile={props.onOpenProfile}
        />
        {story.isAvailable && (
          <StoryCaption
            story={story}
            // The guide's hints cover the story; the caption waits below them unseen.
            hidden={hidden || props.covered}
            showTip={!isOwn && !story.noPaid}
            onTipOpenChange={setTipOpen}
            reply={
              isOwn ? undefined : (
                <StoryReply
                  story={story}
                  creatorName={group.name}
                  onComposingChange={setReplying}
                  onOpenChat={props.onOpenChat}
                  onDone={props.onReturnFocus}
                />
              )
            }
          />
        )}
      </div>
      <IconButton
        tone="overlay"
        label={t('viewer.previous')}
        className={cn(stepButtonClass, 'left-1 lg:-left-14')}
        onClick={handlePrevious}
      >
        <ChevronLeft aria-hidden="true" size={28} />
      </IconButton>
      <IconButton
        tone="overlay"
        label={t('viewer.next')}
        className={cn(stepButtonClass, 'right-1 lg:-right-14')}
        onClick={handleNext}
      >
        <ChevronRight aria-hidden="true" size={28} />
      </IconButton>
      {reportOpen && (
        <ReportStoryDialog
          storyId={story.id}
          onOpenChange={(open) => {
            setReportOpen(open);
            // Opened from the More menu, it has no trigger to give the focus back to.
            if (!open) afterNextFrame(props.onReturnFocus);
          }}
        />
      )}
    </>
  );
}
