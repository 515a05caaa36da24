import { SWIPE_MIN_PX, TAP_MAX_MS } from '@glimpse/contract';
import { describe, expect, it } from 'vitest';
import {
  classifyGesture,
  MOVE_SLOP_PX,
  scrubTime,
  startsScrub,
  tapZone,
  type PointerTrack,
} from './classify-gesture.ts';

function track(overrides: Partial<PointerTrack> = {}): PointerTrack {
  return {
    dx: 0,
    dy: 0,
    durationMs: 100,
    startX: 150,
    width: 300,
    isVideo: false,
    scrubbing: false,
    ...overrides,
  };
}

describe('tapZone', () => {
  it('splits the width into thirds', () => {
    expect(tapZone(0, 300)).toBe('left');
    expect(tapZone(99, 300)).toBe('left');
    expect(tapZone(100, 300)).toBe('middle');
    expect(tapZone(199, 300)).toBe('middle');
    expect(tapZone(200, 300)).toBe('right');
    expect(tapZone(299, 300)).toBe('right');
  });

  it('treats an unmeasured area as the middle', () => {
    expect(tapZone(10, 0)).toBe('middle');
  });
});

describe('classifyGesture', () => {
  it('is a tap when short and still, in the zone it started in', () => {
    expect(classifyGesture(track({ startX: 20 }))).toEqual({ kind: 'tap', zone: 'left' });
    expect(classifyGesture(track({ startX: 150 }))).toEqual({ kind: 'tap', zone: 'middle' });
    expect(classifyGesture(track({ startX: 280, dx: 4, dy: -3 }))).toEqual({
      kind: 'tap',
      zone: 'right',
    });
  });

  it('uses the contract tap limit: under 300 ms is a tap, from 300 ms a hold', () => {
    expect(classifyGesture(track({ durationMs: TAP_MAX_MS - 1 })).kind).toBe('tap');
    expect(classifyGesture(track({ durationMs: TAP_MAX_MS }))).toEqual({ kind: 'hold' });
  });

  it('swipes up or down from 50 px', () => {
    expect(classifyGesture(track({ dy: SWIPE_MIN_PX }))).toEqual({
      kind: 'swipe',
      direction: 'down',
    });
    expect(classifyGesture(track({ dy: -SWIPE_MIN_PX, durationMs: 900 }))).toEqual({
      kind: 'swipe',
      direction: 'up',
    });
    expect(classifyGesture(track({ dy: SWIPE_MIN_PX - 1 }))).toEqual({ kind: 'none' });
  });

  it('does not call a mostly horizontal drag a swipe', () => {
    expect(classifyGesture(track({ dx: 80, dy: 60 })).kind).toBe('none');
    expect(classifyGesture(track({ dx: 80, dy: 60, isVideo: true })).kind).toBe('scrub');
  });

  it('scrubs a video on a horizontal drag, and ignores it on an image', () => {
    expect(classifyGesture(track({ dx: -40, isVideo: true }))).toEqual({ kind: 'scrub' });
    expect(classifyGesture(track({ dx: -40 }))).toEqual({ kind: 'none' });
  });

  it('stays a scrub once scrubbing began, even if the finger then drops', () => {
    expect(classifyGesture(track({ dy: 120, dx: 5, isVideo: true, scrubbing: true }))).toEqual({
      kind: 'scrub',
    });
  });

  it('ignores a wobble between the slop and a swipe', () => {
    expect(classifyGesture(track({ dy: MOVE_SLOP_PX + 5 })).kind).toBe('none');
  });
});

describe('startsScrub', () => {
  it('starts past the slop, horizontally, on videos only', () => {
    expect(startsScrub(MOVE_SLOP_PX + 1, 0, true)).toBe(true);
    expect(startsScrub(MOVE_SLOP_PX, 0, true)).toBe(false);
    expect(startsScrub(30, 40, true)).toBe(false);
    expect(startsScrub(30, 0, false)).toBe(false);
  });
});

describe('scrubTime', () => {
  it('maps the drag distance onto the duration', () => {
    expect(scrubTime({ startTime: 5, dx: 150, width: 300, duration: 10 })).toBe(10);
    expect(scrubTime({ startTime: 5, dx: -30, width: 300, duration: 10 })).toBe(4);
  });

  it('stays inside the video', () => {
    expect(scrubTime({ startTime: 2, dx: -300, width: 300, duration: 10 })).toBe(0);
    expect(scrubTime({ startTime: 9, dx: 300, width: 300, duration: 10 })).toBe(10);
  });

  it('does nothing while the duration is unknown', () => {
    expect(scrubTime({ startTime: 1, dx: 100, width: 300, duration: Number.NaN })).toBe(1);
  });
});
