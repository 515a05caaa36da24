import { useSyncExternalStore } from 'react';

/** Tailwind's `lg`, where the app's desktop layout starts (docs/decisions.md, "Desktop layout"). */
export const WIDE_LAYOUT_QUERY = '(min-width: 1024px)';

function mediaQuery(): MediaQueryList | undefined {
  // jsdom has no matchMedia: tests get the phone layout unless they stub it.
  return typeof window.matchMedia === 'function' ? window.matchMedia(WIDE_LAYOUT_QUERY) : undefined;
}

function subscribe(onChange: () => void) {
  const query = mediaQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * Whether the window is desktop-wide. Messaging decides in JavaScript rather than CSS alone
 * because the two layouts render different things: on a phone one of list and conversation, on
 * a desktop both side by side.
 */
export function useWideLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => mediaQuery()?.matches ?? false,
    () => false,
  );
}
