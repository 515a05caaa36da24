import {
  currentStoryIndex,
  goNext,
  showStory,
  viewerReducer,
  type ViewerAction,
  type ViewerState,
} from './viewer-state.ts';

/**
 * A story of the current group was taken down (`remaining` stories are left in it). Kept out of
 * viewer-state.ts, which the first page load carries: this comes with the viewer's own code.
 */
export interface StoryRemovedAction {
  type: 'storyRemoved';
  removedIndex: number;
  remaining: number;
}

/**
 * Before the current story: the same story, one index lower. The current one: whatever now
 * takes its index, else the next creator's, else the viewer closes. After it: nothing changes.
 */
function removeStory(state: ViewerState, { removedIndex, remaining }: StoryRemovedAction) {
  const index = currentStoryIndex(state);
  if (state.closed || index === null || removedIndex > index) return state;
  if (removedIndex < index)
    return { ...state, target: { kind: 'index' as const, index: index - 1 } };
  if (index < remaining) return showStory(state, state.userIndex, { kind: 'index', index });
  return goNext({ ...state, target: { kind: 'index', index: remaining - 1 } }, remaining);
}

/** The viewer's reducer (viewer-state.ts) plus the removal of a story while it is open. */
export function viewerWithRemovalsReducer(
  state: ViewerState,
  action: ViewerAction | StoryRemovedAction,
): ViewerState {
  return action.type === 'storyRemoved' ? removeStory(state, action) : viewerReducer(state, action);
}
