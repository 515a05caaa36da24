/** The own-stories feature's public face: what other features may import. The rest of the folder is its own. */
export { OwnStoryAvatar } from './OwnStoryAvatar.tsx';
