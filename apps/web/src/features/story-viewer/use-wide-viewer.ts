import { useSyncExternalStore } from 'react';

/** Tailwind's `lg`: from here on the viewer is a desktop one (the story centred, neighbours beside it). */
export const WIDE_VIEWER_QUERY = '(min-width: 1024px)';

function mediaQuery(): MediaQueryList | undefined {
  // Test environments (jsdom) have no matchMedia: they get the phone layout.
  return typeof window.matchMedia === 'function' ? window.matchMedia(WIDE_VIEWER_QUERY) : undefined;
}

function subscribe(onChange: () => void) {
  const query = mediaQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * Whether the window has a desktop's width. The layout itself switches in CSS; this decides
 * what is worth fetching and rendering, so a phone never loads the neighbours' previews.
 */
export function useWideViewer(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => mediaQuery()?.matches ?? false,
    () => false,
  );
}
