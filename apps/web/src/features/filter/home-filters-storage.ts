import { useSyncExternalStore } from 'react';
import { HOME_FILTERS_KEY, readSavedFilterText } from './saved-filter-text.ts';

export { HOME_FILTERS_KEY, readSavedFilterText };

const listeners = new Set<() => void>();

/** Saves (text) or clears (null) the filter and tells this tab's subscribers. */
export function writeSavedFilterText(text: string | null) {
  try {
    if (text === null) window.localStorage.removeItem(HOME_FILTERS_KEY);
    else window.localStorage.setItem(HOME_FILTERS_KEY, text);
  } catch {
    // Blocked storage: the filter applies for this visit only; nothing else can be done.
  }
  notifyHomeFiltersChanged();
}

function readSaved(): boolean {
  return readSavedFilterText() !== null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Other tabs change storage too; the "storage" event only fires for those.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** Tell subscribers in this tab that the saved filter changed (the filter dialog calls this). */
export function notifyHomeFiltersChanged() {
  for (const listener of listeners) listener();
}

export function useHasSavedFilter(): boolean {
  return useSyncExternalStore(subscribe, readSaved, () => false);
}

/** The saved filter text; a string snapshot, so React only re-renders when it really changes. */
export function useSavedFilterText(): string | null {
  return useSyncExternalStore(subscribe, readSavedFilterText, () => null);
}
