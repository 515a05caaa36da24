/** The home feature's public face: what other features may import. The rest of the folder is its own. */
export { SectionError } from './SectionStates.tsx';
export { homeKeys } from './home.queries.ts';
export { useStoryViewer } from './open-viewer.ts';
