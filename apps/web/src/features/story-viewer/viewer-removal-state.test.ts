import { describe, expect, it } from 'vitest';
import { viewerWithRemovalsReducer, type StoryRemovedAction } from './viewer-removal-state.ts';
import {
  currentStoryIndex,
  initialViewerState,
  type ViewerAction,
  type ViewerState,
} from './viewer-state.ts';

function run(state: ViewerState, ...actions: (ViewerAction | StoryRemovedAction)[]): ViewerState {
  return actions.reduce(viewerWithRemovalsReducer, state);
}

/** Two creators, on the first one's story `index` of three, 40 % through it. */
function playing(index: number): ViewerState {
  return run(
    initialViewerState({ userCount: 2, startUserIndex: 0, startStoryIndex: index }),
    { type: 'groupLoaded', watched: [false, false, false] },
    { type: 'progress', value: 40 },
  );
}

describe('viewerReducer: a story of the current group taken down', () => {
  it('on the current story: the one taking its place plays from the start', () => {
    const state = run(playing(1), { type: 'storyRemoved', removedIndex: 1, remaining: 2 });
    expect(currentStoryIndex(state)).toBe(1);
    expect(state.progress).toBe(0);
    expect(state.closed).toBe(false);
  });

  it('before the current story: the same story goes on, one place lower', () => {
    const state = run(playing(2), { type: 'storyRemoved', removedIndex: 0, remaining: 2 });
    expect(currentStoryIndex(state)).toBe(1);
    expect(state.progress).toBe(40);
  });

  it('after the current story: nothing changes', () => {
    const before = playing(0);
    expect(run(before, { type: 'storyRemoved', removedIndex: 2, remaining: 2 })).toBe(before);
  });

  it("on the group's last story: the next creator's first unwatched story", () => {
    const state = run(playing(2), { type: 'storyRemoved', removedIndex: 2, remaining: 2 });
    expect(state.userIndex).toBe(1);
    expect(state.target).toEqual({ kind: 'firstUnwatched' });
  });

  it("closes on the last creator's last story, and when a group's only story goes", () => {
    const last = run(
      initialViewerState({ userCount: 1, startUserIndex: 0, startStoryIndex: 1 }),
      { type: 'groupLoaded', watched: [false, false] },
      { type: 'storyRemoved', removedIndex: 1, remaining: 1 },
    );
    expect(last.closed).toBe(true);
    const only = run(
      initialViewerState({ userCount: 1, startUserIndex: 0 }),
      { type: 'groupLoaded', watched: [false] },
      { type: 'storyRemoved', removedIndex: 0, remaining: 0 },
    );
    expect(only.closed).toBe(true);
  });
});
