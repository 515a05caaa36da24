import { useSyncExternalStore } from 'react';

/** Spec 4: filters persist in local storage under this key; its presence marks the button active. */
export const HOME_FILTERS_KEY = 'home_filters';

const listeners = new Set<() => void>();

/** The saved filter as stored (JSON text), or null when none is saved or storage is blocked. */
export function readSavedFilterText(): string | null {
  try {
    return window.localStorage.getItem(HOME_FILTERS_KEY);
  } catch {
    // Storage can be blocked (private mode, policies): treat it as "no saved filter".
    return null;
  }
}

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
