import { lazy, Suspense } from 'react';
import type { ChatOverlayProps } from './ChatOverlay.tsx';

// The conversation's code is fetched the first time someone opens it from a profile.
const LazyChatOverlay = lazy(() =>
  import('./ChatOverlay.tsx').then((m) => ({ default: m.ChatOverlay })),
);

export function ChatOverlayLoader(props: ChatOverlayProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <LazyChatOverlay {...props} />
    </Suspense>
  );
}
