/*
 * The saved filter's text without React: the boot code (app/first-requests.ts) reads it to ask
 * for the home lists before React has loaded; home-filters-storage.ts adds the subscriptions.
 */

/** Spec 4: filters persist in local storage under this key; its presence marks the button active. */
export const HOME_FILTERS_KEY = 'home_filters';

/** The saved filter as stored (JSON text), or null when none is saved or storage is blocked. */
export function readSavedFilterText(): string | null {
  try {
    return window.localStorage.getItem(HOME_FILTERS_KEY);
  } catch {
    // Storage can be blocked (private mode, policies): treat it as "no saved filter".
    return null;
  }
}
