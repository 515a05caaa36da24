import type { Story, StoryGroup } from '@glimpse/contract';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn.ts';
import type { TapZone } from './classify-gesture.ts';
import { LockedStoryPrompt } from './LockedStoryPrompt.tsx';
import { ReportStoryDialog } from './ReportStoryDialog.tsx';
import { StoryCaption } from './StoryCaption.tsx';
import { StoryMedia } from './StoryMedia.tsx';
import { StoryTopBar } from './StoryTopBar.tsx';
import { useMarkWatched } from './use-mark-watched.ts';
import { useStoryClock } from './use-story-clock.ts';
import { useStoryGestures } from './use-story-gestures.ts';
import { IconButton } from '../../ui/Button.tsx';
import { isContentHidden, isPlaying, type ViewerAction, type ViewerState } from './viewer-state.ts';
import type { WatchTracker } from './watch-tracker.ts';

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
}

/** One story on screen: media under a gesture surface, its bars, controls, text or lock. */
export function StoryScreen(props: StoryScreenProps) {
  const { t } = useTranslation();
  const { group, story, state, dispatch } = props;
  const videoRef = useRef<HTMLVideoElement>(null);
  const [reportOpen, setReportOpen] = useState(false);
  const [imageReady, setImageReady] = useState(false);
  const storyCount = group.stories.length;
  const isVideo = story.isAvailable && story.is_video;
  const isOwn = story.user_id === group.auth_id;
  const playing = isPlaying(state, props.covered || reportOpen);
  const hidden = isContentHidden(state);

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

  const stepButtonClass = cn(
    'absolute top-1/2 z-20 -translate-y-1/2 bg-black/20',
    hidden && 'invisible',
  );

  return (
    <>
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
          <div className="h-full w-full bg-linear-to-b from-neutral-800 to-black" />
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
        onClose={props.onClose}
        onOpenProfile={props.onOpenProfile}
      />
      <IconButton
        tone="overlay"
        label={t('viewer.previous')}
        className={cn(stepButtonClass, 'left-1')}
        onClick={handlePrevious}
      >
        <ChevronLeft aria-hidden="true" size={28} />
      </IconButton>
      <IconButton
        tone="overlay"
        label={t('viewer.next')}
        className={cn(stepButtonClass, 'right-1')}
        onClick={handleNext}
      >
        <ChevronRight aria-hidden="true" size={28} />
      </IconButton>
      {story.isAvailable ? (
        <StoryCaption story={story} hidden={hidden} showTip={!isOwn && !story.noPaid} />
      ) : (
        <LockedStoryPrompt story={story} group={group} />
      )}
      {reportOpen && <ReportStoryDialog storyId={story.id} onOpenChange={setReportOpen} />}
    </>
  );
}
