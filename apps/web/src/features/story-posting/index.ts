/** The story-posting feature's public face: what other features may import. The rest of the folder is its own. */
export { NewStoryButton } from './NewStoryButton.tsx';

/**
 * The camera flow's pieces for another feature's flow (story-camera.ts), loaded on demand: a
 * static re-export here would pull tus and the camera into every page showing NewStoryButton.
 */
export const loadStoryCamera = () => import('./story-camera.ts');
export type StoryCamera = Awaited<ReturnType<typeof loadStoryCamera>>;
export type { Capture, NewCapture } from './capture.ts';
export type { PostingStep } from './posting-step.ts';
