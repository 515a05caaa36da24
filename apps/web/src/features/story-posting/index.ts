/** The story-posting feature's public face: what other features may import. The rest of the folder is its own. */
export { NewStoryButton } from './NewStoryButton.tsx';
