import { useStoryViewer, type OpenStoryViewerOptions } from '../story-viewer-context.ts';

/** A button that opens the viewer with `options` (by default on creator 1's stories). */
export function StoryOpener(options: Partial<OpenStoryViewerOptions>) {
  const viewer = useStoryViewer();
  return (
    <button
      type="button"
      onClick={() => viewer.open({ userIds: [1], startUserIndex: 0, ...options })}
    >
      Open stories
    </button>
  );
}
