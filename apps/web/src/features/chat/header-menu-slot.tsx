import { ChatBlockMenu } from './ChatBlockMenu.tsx';
import type { HeaderMenuItems } from './header-menu.tsx';

/**
 * The chat header's menu on every chat screen and the overlay: Block / Unblock in a direct chat
 * (issue 11 item 10). Channels have no menu: their owner is blocked from the profile.
 */
export const chatHeaderMenuItems: HeaderMenuItems = (context) =>
  context.isChannel ? null : <ChatBlockMenu companion={context.companion} />;
