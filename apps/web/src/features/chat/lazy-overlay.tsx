import { lazy, Suspense } from 'react';
import type { ChatOverlayProps } from './ChatOverlay.tsx';

// The conversation's code is fetched the first time someone opens it from a profile. The chunk
// is the chat route's own: one chunk for the conversation, not a shared one beside two users,
// which would pull modules of the first page out into chunks of their own.
const LazyChatOverlay = lazy(() =>
  import('./ChatRouteScreens.tsx').then((m) => ({ default: m.ChatOverlay })),
);

export function ChatOverlayLoader(props: ChatOverlayProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <LazyChatOverlay {...props} />
    </Suspense>
  );
}
