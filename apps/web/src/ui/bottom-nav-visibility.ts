import { createContext, useContext, useEffect } from 'react';

/** Adds (+1) or removes (-1) one reason to hide the bottom navigation. */
type HideBottomNav = (change: 1 | -1) => void;

/**
 * Full-screen views (a story shown full screen, the camera) hide the bottom navigation while
 * they are open. A count rather than a flag, so two overlays open at once do not undo each other.
 * Outside the app shell (tests, screens without the nav) the default does nothing.
 */
export const BottomNavVisibilityContext = createContext<HideBottomNav>(() => undefined);

/** Hides the bottom navigation while `hidden` is true and the calling component is mounted. */
export function useHideBottomNav(hidden: boolean): void {
  const change = useContext(BottomNavVisibilityContext);
  useEffect(() => {
    if (!hidden) return;
    change(1);
    return () => change(-1);
  }, [hidden, change]);
}
