import { IMAGE_PROGRESS_TICK_MS, IMAGE_STORY_DURATION_MS } from '@glimpse/contract';

/** Progress runs over 100 steps (spec 4), kept as a percentage of the current story. */
export const PROGRESS_FULL = 100;

/** What one image tick adds: the 100 steps spread over the image duration, a tick every 100 ms. */
export const IMAGE_TICK_AMOUNT = (PROGRESS_FULL * IMAGE_PROGRESS_TICK_MS) / IMAGE_STORY_DURATION_MS;

/**
 * Which story of a group to show. Until the group has loaded the viewer only knows the rule
 * (first unwatched, or the last one when stepping back from the next user); once it loads the
 * rule becomes a fixed index, so watched flags changing underneath never move the viewer.
 */
export type StoryTarget =
  { kind: 'index'; index: number } | { kind: 'firstUnwatched' } | { kind: 'last' };

export interface ViewerState {
  userCount: number;
  userIndex: number;
  target: StoryTarget;
  /** 0 to PROGRESS_FULL for the current story. */
  progress: number;
  /** Paused by a middle tap, Space or the pause button. */
  paused: boolean;
  /** Paused while a finger or the mouse is held down (or scrubbing). */
  held: boolean;
  /** Text and controls hidden by a middle tap (they also hide while held: see `isContentHidden`). */
  contentHidden: boolean;
  closed: boolean;
}

export type ViewerAction =
  /** The current user's stories arrived (only their watched flags matter here). */
  | { type: 'groupLoaded'; watched: boolean[] }
  | { type: 'next'; storyCount: number }
  | { type: 'previous' }
  /** Straight to another creator of the session (a neighbour's preview beside the story). */
  | { type: 'goToUser'; userIndex: number }
  | { type: 'progress'; value: number }
  | { type: 'tick'; amount: number; storyCount: number }
  | { type: 'togglePause'; hideContent: boolean }
  | { type: 'hold'; held: boolean }
  | { type: 'close' };

export interface ViewerStart {
  userCount: number;
  startUserIndex: number;
  startStoryIndex?: number | undefined;
}

export function initialViewerState({
  userCount,
  startUserIndex,
  startStoryIndex,
}: ViewerStart): ViewerState {
  const userIndex = Math.min(Math.max(0, startUserIndex), Math.max(0, userCount - 1));
  return {
    userCount,
    userIndex,
    target:
      startStoryIndex === undefined
        ? { kind: 'firstUnwatched' }
        : { kind: 'index', index: Math.max(0, startStoryIndex) },
    progress: 0,
    paused: false,
    held: false,
    contentHidden: false,
    closed: userCount === 0,
  };
}

/** The index a target points at in a group of stories with these watched flags. */
export function resolveStoryIndex(target: StoryTarget, watched: boolean[]): number {
  if (watched.length === 0) return 0;
  if (target.kind === 'last') return watched.length - 1;
  if (target.kind === 'index') return Math.min(target.index, watched.length - 1);
  const firstUnwatched = watched.indexOf(false);
  return firstUnwatched === -1 ? 0 : firstUnwatched;
}

/** The current story index, or null while the group is still loading. */
export function currentStoryIndex(state: ViewerState): number | null {
  return state.target.kind === 'index' ? state.target.index : null;
}

/** A fresh story: progress from zero, playing, content visible. */
export function showStory(state: ViewerState, userIndex: number, target: StoryTarget): ViewerState {
  return {
    ...state,
    userIndex,
    target,
    progress: 0,
    paused: false,
    held: false,
    contentHidden: false,
  };
}

function close(state: ViewerState): ViewerState {
  return { ...state, closed: true, held: false };
}

export function goNext(state: ViewerState, storyCount: number): ViewerState {
  const index = currentStoryIndex(state) ?? 0;
  if (index + 1 < storyCount)
    return showStory(state, state.userIndex, { kind: 'index', index: index + 1 });
  if (state.userIndex + 1 < state.userCount) {
    return showStory(state, state.userIndex + 1, { kind: 'firstUnwatched' });
  }
  return close(state);
}

function goPrevious(state: ViewerState): ViewerState {
  const index = currentStoryIndex(state) ?? 0;
  if (index > 0) return showStory(state, state.userIndex, { kind: 'index', index: index - 1 });
  if (state.userIndex > 0) return showStory(state, state.userIndex - 1, { kind: 'last' });
  return close(state);
}

/** A group without stories (all deleted meanwhile) is skipped in the direction of travel. */
function skipEmptyGroup(state: ViewerState): ViewerState {
  if (state.target.kind === 'last')
    return goPrevious({ ...state, target: { kind: 'index', index: 0 } });
  return goNext(state, 0);
}

export function viewerReducer(state: ViewerState, action: ViewerAction): ViewerState {
  if (state.closed) return state;
  switch (action.type) {
    case 'groupLoaded':
      if (action.watched.length === 0) return skipEmptyGroup(state);
      return {
        ...state,
        target: { kind: 'index', index: resolveStoryIndex(state.target, action.watched) },
      };
    case 'next':
      return goNext(state, action.storyCount);
    case 'previous':
      return goPrevious(state);
    case 'goToUser':
      if (action.userIndex < 0 || action.userIndex >= state.userCount) return state;
      return showStory(state, action.userIndex, { kind: 'firstUnwatched' });
    case 'progress':
      return { ...state, progress: Math.min(PROGRESS_FULL, Math.max(0, action.value)) };
    case 'tick': {
      const progress = state.progress + action.amount;
      // Float steps (2 + 2 + ...) may land a hair under 100; treat that as the end.
      if (progress >= PROGRESS_FULL - 1e-9) return goNext(state, action.storyCount);
      return { ...state, progress };
    }
    case 'togglePause': {
      const paused = !state.paused;
      return { ...state, paused, contentHidden: action.hideContent && paused };
    }
    case 'hold':
      return { ...state, held: action.held };
    case 'close':
      return close(state);
  }
}

export function isContentHidden(state: ViewerState): boolean {
  return state.contentHidden || state.held;
}

/** Whether the story clock runs: not paused, held, or covered by the guide or a dialog. */
export function isPlaying(state: ViewerState, covered: boolean): boolean {
  return !state.closed && !state.paused && !state.held && !covered;
}
