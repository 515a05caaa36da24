/**
 * The one seam between the home lists / profiles and the story viewer, so callers (and their
 * tests) do not depend on how the viewer is built.
 */
export { useStoryViewer, type OpenStoryViewerOptions } from '../story-viewer/index.ts';
