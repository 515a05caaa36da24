import { createContext, useContext } from 'react';

/** What an empty or failed home section offers to do about it, provided by the home screen. */
export interface HomeActions {
  /** Opens the filter dialog (to change a filter that leaves everyone out). */
  openFilter: () => void;
  /** Shows the Stories or the Streams tab. */
  showTab: (tab: 'stories' | 'streams') => void;
}

export const HomeActionsContext = createContext<HomeActions>({
  openFilter: () => undefined,
  showTab: () => undefined,
});

export function useHomeActions(): HomeActions {
  return useContext(HomeActionsContext);
}

/** Brings a section into view under the sticky header and moves focus to it. */
export function revealSection(id: string): void {
  const section = document.getElementById(id);
  if (!section) return;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView?.({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
  section.focus({ preventScroll: true });
}
