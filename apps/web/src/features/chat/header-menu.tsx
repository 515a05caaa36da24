import type { ChatParty } from '@glimpse/contract';
import type { ReactNode } from 'react';

/** What the header menu's items are told about the open chat (e.g. Block, by its own feature). */
export interface HeaderMenuContext {
  chatId: number;
  companion: ChatParty;
  isChannel: boolean;
  isChatOwner: boolean;
}

/**
 * Renders the header's menu (ui/OverflowMenu) and what its items open, or
 * null for no menu.
 */
export type HeaderMenuItems = (context: HeaderMenuContext) => ReactNode;
