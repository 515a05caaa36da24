/** The social feature's public face: what other features may import. The rest of the folder is its own. */
export { FollowButton } from './FollowButton.tsx';
export { type FollowWord } from './use-follow-toggle.ts';
