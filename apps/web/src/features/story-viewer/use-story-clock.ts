import { IMAGE_PROGRESS_TICK_MS } from '@glimpse/contract';
import { useEffect, type Dispatch } from 'react';
import { IMAGE_TICK_AMOUNT, type ViewerAction } from './viewer-state.ts';

/**
 * A playing video that shows no progress for this long is skipped, so a stalled or broken video
 * never stops the viewer for good (spec 4: "advance when the video ends, or after the timer").
 */
export const VIDEO_STALL_TIMEOUT_MS = 10_000;

interface StoryClockOptions {
  /** Locked stories have no clock: they wait for the viewer to act. */
  mode: 'image' | 'video' | 'none';
  running: boolean;
  progress: number;
  storyCount: number;
  dispatch: Dispatch<ViewerAction>;
}

/** Images tick every 100 ms through their duration; videos are watched for stalls. */
export function useStoryClock({
  mode,
  running,
  progress,
  storyCount,
  dispatch,
}: StoryClockOptions) {
  useEffect(() => {
    if (mode !== 'image' || !running) return;
    const timer = window.setInterval(
      () => dispatch({ type: 'tick', amount: IMAGE_TICK_AMOUNT, storyCount }),
      IMAGE_PROGRESS_TICK_MS,
    );
    return () => window.clearInterval(timer);
  }, [mode, running, storyCount, dispatch]);

  useEffect(() => {
    if (mode !== 'video' || !running) return;
    // Restarted by every progress report, so it only fires when playback stands still.
    const timer = window.setTimeout(
      () => dispatch({ type: 'next', storyCount }),
      VIDEO_STALL_TIMEOUT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [mode, running, progress, storyCount, dispatch]);
}
