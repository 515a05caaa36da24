import { useCallback, useSyncExternalStore } from 'react';

/** Tailwind's `lg`, where the app's desktop layout starts (docs/decisions.md, "Desktop layout"). */
export const WIDE_LAYOUT_QUERY = '(min-width: 1024px)';

/** A mouse or trackpad is the main pointer: hints say "click" and name keys, not "tap". */
export const FINE_POINTER_QUERY = '(hover: hover) and (pointer: fine)';

function mediaQuery(query: string): MediaQueryList | undefined {
  // jsdom has no matchMedia: tests get a phone (narrow, touch) unless they stub it.
  return typeof window.matchMedia === 'function' ? window.matchMedia(query) : undefined;
}

/** Whether a CSS media query matches now, following its changes (a resized window, say). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQuery(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaQuery(query)?.matches ?? false,
    () => false,
  );
}

/**
 * Whether the window is desktop-wide. Where the layout alone differs, CSS switches it; this is
 * for what renders or loads differently: messaging's list beside the conversation, the story
 * viewer's neighbours (a phone never fetches their previews).
 */
export function useWideLayout(): boolean {
  return useMediaQuery(WIDE_LAYOUT_QUERY);
}
