import { describe, expect, it } from 'vitest';
import {
  currentStoryIndex,
  IMAGE_TICK_AMOUNT,
  initialViewerState,
  isContentHidden,
  isPlaying,
  resolveStoryIndex,
  viewerReducer,
  type ViewerAction,
  type ViewerState,
} from './viewer-state.ts';

function run(state: ViewerState, ...actions: ViewerAction[]): ViewerState {
  return actions.reduce(viewerReducer, state);
}

const twoUsers = () => initialViewerState({ userCount: 2, startUserIndex: 0 });

describe('resolveStoryIndex', () => {
  it('finds the first unwatched story, or the first when all are watched', () => {
    expect(resolveStoryIndex({ kind: 'firstUnwatched' }, [true, false, false])).toBe(1);
    expect(resolveStoryIndex({ kind: 'firstUnwatched' }, [true, true])).toBe(0);
  });

  it('points at the last story, or clamps an explicit index', () => {
    expect(resolveStoryIndex({ kind: 'last' }, [false, false, false])).toBe(2);
    expect(resolveStoryIndex({ kind: 'index', index: 7 }, [false, false])).toBe(1);
  });
});

describe('viewerReducer', () => {
  it('waits for the group, then pins the first unwatched story', () => {
    const state = twoUsers();
    expect(currentStoryIndex(state)).toBeNull();
    const loaded = run(state, { type: 'groupLoaded', watched: [true, true, false] });
    expect(currentStoryIndex(loaded)).toBe(2);
    // A later load (e.g. a refetch after marking watched) does not move the viewer.
    expect(run(loaded, { type: 'groupLoaded', watched: [true, true, true] }).target).toEqual({
      kind: 'index',
      index: 2,
    });
  });

  it('starts at an explicit index when given one', () => {
    const state = initialViewerState({ userCount: 1, startUserIndex: 0, startStoryIndex: 1 });
    expect(currentStoryIndex(run(state, { type: 'groupLoaded', watched: [false, false] }))).toBe(1);
  });

  it('moves through a group, then to the next user, then closes at the end', () => {
    let state = run(twoUsers(), { type: 'groupLoaded', watched: [false, false] });
    state = run(state, { type: 'next', storyCount: 2 });
    expect([state.userIndex, currentStoryIndex(state)]).toEqual([0, 1]);
    state = run(state, { type: 'next', storyCount: 2 });
    expect(state.userIndex).toBe(1);
    expect(state.target).toEqual({ kind: 'firstUnwatched' });
    state = run(state, { type: 'groupLoaded', watched: [false] }, { type: 'next', storyCount: 1 });
    expect(state.closed).toBe(true);
  });

  it('goes back to the previous user at their last story, and closes before the very first', () => {
    let state = initialViewerState({ userCount: 2, startUserIndex: 1, startStoryIndex: 0 });
    state = run(state, { type: 'groupLoaded', watched: [false] }, { type: 'previous' });
    expect(state.userIndex).toBe(0);
    expect(state.target).toEqual({ kind: 'last' });
    state = run(state, { type: 'groupLoaded', watched: [true, true, true] });
    expect(currentStoryIndex(state)).toBe(2);
    state = run(state, { type: 'previous' }, { type: 'previous' }, { type: 'previous' });
    expect(state.closed).toBe(true);
  });

  it('goes straight to another creator at their first unwatched story, within the session', () => {
    let state = run(initialViewerState({ userCount: 3, startUserIndex: 0 }), {
      type: 'groupLoaded',
      watched: [false, false],
    });
    state = run(state, { type: 'next', storyCount: 2 }, { type: 'hold', held: true });
    state = run(state, { type: 'goToUser', userIndex: 2 });
    expect(state.userIndex).toBe(2);
    expect(state.target).toEqual({ kind: 'firstUnwatched' });
    expect([state.progress, state.held]).toEqual([0, false]);
    expect(run(state, { type: 'goToUser', userIndex: 3 })).toBe(state);
    expect(run(state, { type: 'goToUser', userIndex: -1 })).toBe(state);
  });

  it('skips a user whose group turned out empty, in the direction of travel', () => {
    const forward = run(initialViewerState({ userCount: 3, startUserIndex: 1 }), {
      type: 'groupLoaded',
      watched: [],
    });
    expect(forward.userIndex).toBe(2);
    const back = run(
      initialViewerState({ userCount: 3, startUserIndex: 2, startStoryIndex: 0 }),
      { type: 'groupLoaded', watched: [false] },
      { type: 'previous' },
      { type: 'groupLoaded', watched: [] },
    );
    expect(back.userIndex).toBe(0);
    expect(back.target).toEqual({ kind: 'last' });
    expect(
      run(twoUsers(), { type: 'next', storyCount: 0 }, { type: 'groupLoaded', watched: [] }).closed,
    ).toBe(true);
  });

  it('ticks an image through 100 steps and then advances', () => {
    let state = run(twoUsers(), { type: 'groupLoaded', watched: [false, false] });
    const ticks = Math.round(100 / IMAGE_TICK_AMOUNT);
    for (let tick = 1; tick < ticks; tick += 1) {
      state = run(state, { type: 'tick', amount: IMAGE_TICK_AMOUNT, storyCount: 2 });
    }
    expect(currentStoryIndex(state)).toBe(0);
    expect(state.progress).toBeGreaterThan(95);
    state = run(state, { type: 'tick', amount: IMAGE_TICK_AMOUNT, storyCount: 2 });
    expect(currentStoryIndex(state)).toBe(1);
    expect(state.progress).toBe(0);
  });

  it('takes video progress as given, within 0 to 100', () => {
    const state = run(twoUsers(), { type: 'groupLoaded', watched: [false] });
    expect(run(state, { type: 'progress', value: 42.5 }).progress).toBe(42.5);
    expect(run(state, { type: 'progress', value: 130 }).progress).toBe(100);
  });

  it('pauses and hides content on a middle tap, and shows it again on the next', () => {
    const state = run(twoUsers(), { type: 'groupLoaded', watched: [false] });
    const paused = run(state, { type: 'togglePause', hideContent: true });
    expect([paused.paused, isContentHidden(paused), isPlaying(paused, false)]).toEqual([
      true,
      true,
      false,
    ]);
    const resumed = run(paused, { type: 'togglePause', hideContent: true });
    expect([resumed.paused, isContentHidden(resumed), isPlaying(resumed, false)]).toEqual([
      false,
      false,
      true,
    ]);
    expect(isContentHidden(run(state, { type: 'togglePause', hideContent: false }))).toBe(false);
  });

  it('pauses and hides content while held', () => {
    const state = run(twoUsers(), { type: 'groupLoaded', watched: [false] });
    const held = run(state, { type: 'hold', held: true });
    expect([isPlaying(held, false), isContentHidden(held)]).toEqual([false, true]);
    const released = run(held, { type: 'hold', held: false });
    expect([isPlaying(released, false), isContentHidden(released)]).toEqual([true, false]);
  });

  it('does not play while covered by the guide or a dialog', () => {
    const state = run(twoUsers(), { type: 'groupLoaded', watched: [false] });
    expect(isPlaying(state, true)).toBe(false);
  });

  it('resumes and shows content when moving to another story', () => {
    const state = run(
      twoUsers(),
      { type: 'groupLoaded', watched: [false, false] },
      { type: 'togglePause', hideContent: true },
      { type: 'next', storyCount: 2 },
    );
    expect([state.paused, isContentHidden(state)]).toEqual([false, false]);
  });

  it('ignores everything once closed', () => {
    const closed = run(twoUsers(), { type: 'close' });
    expect(run(closed, { type: 'next', storyCount: 3 })).toBe(closed);
  });

  it('is closed from the start with nobody to show', () => {
    expect(initialViewerState({ userCount: 0, startUserIndex: 0 }).closed).toBe(true);
  });
});
