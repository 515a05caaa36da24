import type { HeaderMenuItems } from './header-menu.tsx';

/**
 * The chat header menu's items on every chat screen and the overlay: the seam for the blocking
 * feature's "Block". The integrator sets it here, wrapping that feature's action in this
 * feature's ChatMenuItem (header-menu.tsx), e.g. `(chat) => <ChatMenuItem onSelect={...}>Block
 * </ChatMenuItem>`. Undefined: the header shows no menu button.
 */
export const chatHeaderMenuItems: HeaderMenuItems | undefined = undefined;
