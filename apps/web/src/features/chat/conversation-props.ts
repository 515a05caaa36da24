import type { ChatTarget } from './chat.queries.ts';
import type { HeaderMenuItems } from './header-menu.tsx';

/** How a screen opens a conversation (route screens, the desktop pane, the overlay). */
export interface ChatConversationProps {
  target: ChatTarget;
  /** Overlay mode (a profile's "send message"): Back closes the overlay instead of navigating. */
  onBack?: () => void;
  /** h2 when the conversation sits beside the list on a desktop, whose title is the page's h1. */
  headingLevel?: 1 | 2;
  /**
   * The header's back arrow; false beside the list on a desktop, where the list is the way back
   * (true by default: a phone's chat screen and the overlay).
   */
  backButton?: boolean;
  /** The header menu's items (Block, from the blocking feature); none -> no menu. */
  headerMenuItems?: HeaderMenuItems;
}
