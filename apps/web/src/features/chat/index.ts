/** The chat feature's public face: what other features may import. The rest of the folder is its own. */
import './chat-texts.ts';

export { ChatOverlayLoader as ChatOverlay } from './lazy-overlay.tsx';
export { chatKeys, clearUnreadInLists, type ChatListKind } from './chat.queries.ts';
export { lastMessagePreview } from './message-preview.ts';
export { listTime } from './message-time.ts';
export { OnlineAvatar } from './OnlineAvatar.tsx';
export type { HeaderMenuContext, HeaderMenuItems } from './header-menu.tsx';
export type { ComposerMediaContext } from './media-slots.tsx';
