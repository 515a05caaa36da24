import {
  THEME_PREFERENCES,
  THEME_STORAGE_KEY,
  type Theme,
  type ThemePreference,
} from '@glimpse/contract';

/*
 * The colour theme from the app's side. The page's HTML has applied it before the first paint
 * and follows the device's setting from then on (THEME_BOOT_SCRIPT in @glimpse/contract); this
 * reads and changes the visitor's choice. Both decide by `resolveTheme`'s rule, and
 * lib/theme-boot.test.ts holds them to it.
 */

export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

/** The stored choice; `system` when none (or storage is blocked, or holds something else). */
export function readThemePreference(): ThemePreference {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return THEME_PREFERENCES.find((preference) => preference === stored) ?? 'system';
  } catch {
    return 'system';
  }
}

/** The theme a preference shows, given whether the device is set to dark. */
export function resolveTheme(preference: ThemePreference, systemDark: boolean): Theme {
  if (preference === 'system') return systemDark ? 'dark' : 'light';
  return preference;
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_SCHEME_QUERY).matches;
}

/** The theme <html> shows now. */
export function currentTheme(): Theme {
  return document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light';
}

/**
 * Stores the choice and applies it at once. `system` is stored too (not removed), so a choice
 * made here is always what the next load reads. Without storage the choice lasts this page.
 */
export function setThemePreference(preference: ThemePreference): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Blocked storage: the theme still changes for this visit.
  }
  document.documentElement.setAttribute(
    'data-theme',
    resolveTheme(preference, systemPrefersDark()),
  );
}
