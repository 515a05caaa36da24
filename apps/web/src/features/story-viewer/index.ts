/** The story-viewer feature's public face: what other features may import. The rest of the folder is its own. */
export { StoryRingButton } from './StoryRingButton.tsx';
export { useStoryViewer, type OpenStoryViewerOptions } from './story-viewer-context.ts';
export { fetchStoryGroup, storyViewerKeys, useStoryGroup } from './story-viewer.queries.ts';
