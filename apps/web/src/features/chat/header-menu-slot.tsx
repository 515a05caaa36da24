import type { HeaderMenuItems } from './header-menu.tsx';

/**
 * The chat header menu's items on every chat screen and the overlay: the seam for the blocking
 * feature's "Block" (the integrator sets it, e.g. `(chat) => <BlockMenuItem user={chat.companion}
 * />` built on ChatMenuItem). Undefined: the header shows no menu button.
 */
export const chatHeaderMenuItems: HeaderMenuItems | undefined = undefined;
