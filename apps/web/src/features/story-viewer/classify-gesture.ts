import { SWIPE_MIN_PX, TAP_MAX_MS } from '@glimpse/contract';

/**
 * How far a pointer may wander and still count as standing still (a tap or a hold). Fingers
 * jitter a few pixels on every touch; without this slack a tap would often read as a drag.
 */
export const MOVE_SLOP_PX = 10;

export type TapZone = 'left' | 'middle' | 'right';

export type Gesture =
  | { kind: 'tap'; zone: TapZone }
  | { kind: 'hold' }
  | { kind: 'swipe'; direction: 'up' | 'down' }
  | { kind: 'scrub' }
  | { kind: 'none' };

/** A pointer from press to release, relative to the story area. */
export interface PointerTrack {
  /** Movement from the press point. */
  dx: number;
  dy: number;
  durationMs: number;
  /** Where the press happened, from the left edge, and the area's width. */
  startX: number;
  width: number;
  isVideo: boolean;
  /** Set once a drag became a scrub: it stays one whatever happens next. */
  scrubbing: boolean;
}

/** Thirds of the story area: previous, pause, next. */
export function tapZone(x: number, width: number): TapZone {
  if (width <= 0) return 'middle';
  const third = width / 3;
  if (x < third) return 'left';
  if (x >= 2 * third) return 'right';
  return 'middle';
}

function isStill(dx: number, dy: number): boolean {
  return Math.abs(dx) <= MOVE_SLOP_PX && Math.abs(dy) <= MOVE_SLOP_PX;
}

/** While the pointer moves: does the drag start scrubbing a video? */
export function startsScrub(dx: number, dy: number, isVideo: boolean): boolean {
  return isVideo && Math.abs(dx) > MOVE_SLOP_PX && Math.abs(dx) > Math.abs(dy);
}

/** What a released pointer meant (spec 9: a tap is under 300 ms, a swipe 50 px or more). */
export function classifyGesture(track: PointerTrack): Gesture {
  const { dx, dy } = track;
  if (track.scrubbing) return { kind: 'scrub' };
  if (Math.abs(dy) >= SWIPE_MIN_PX && Math.abs(dy) > Math.abs(dx)) {
    return { kind: 'swipe', direction: dy > 0 ? 'down' : 'up' };
  }
  if (startsScrub(dx, dy, track.isVideo)) return { kind: 'scrub' };
  if (!isStill(dx, dy)) return { kind: 'none' };
  if (track.durationMs < TAP_MAX_MS)
    return { kind: 'tap', zone: tapZone(track.startX, track.width) };
  return { kind: 'hold' };
}

interface ScrubInput {
  /** The video's time when the drag began, in seconds. */
  startTime: number;
  dx: number;
  width: number;
  duration: number;
}

/** Seek by drag distance: dragging across the whole width moves through the whole video. */
export function scrubTime({ startTime, dx, width, duration }: ScrubInput): number {
  if (!Number.isFinite(duration) || duration <= 0 || width <= 0) return startTime;
  const time = startTime + (dx / width) * duration;
  return Math.min(duration, Math.max(0, time));
}
