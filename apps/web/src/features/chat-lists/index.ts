/** The chat lists' public face: what other features may import. The rest of the folder is its own. */
export { OwnChannelLink } from './OwnChannelLink.tsx';
