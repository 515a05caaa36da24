/** The blocking feature's public face: the block / unblock control and the way to the blocked list. */
export { BlockedProfileNotice } from './BlockedProfileNotice.tsx';
export { BlockedUsersLink } from './BlockedUsersLink.tsx';
export { useBlockToggle, type BlockTarget, type BlockToggle } from './use-block-toggle.tsx';
export { useBlockMenuEntry } from './use-block-menu-entry.tsx';
