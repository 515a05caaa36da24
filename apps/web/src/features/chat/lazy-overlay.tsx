import { lazyDialog } from '../../ui/lazy-dialog.tsx';

// The conversation's code is fetched the first time someone opens it from a profile. The chunk
// is the chat route's own: one chunk for the conversation, not a shared one beside two users,
// which would pull modules of the first page out into chunks of their own.
export const ChatOverlayLoader = lazyDialog(() =>
  import('./ChatRouteScreens.tsx').then((m) => m.ChatOverlay),
);
