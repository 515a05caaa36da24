import { THEME_STORAGE_KEY, type ThemePreference } from '@glimpse/contract';
import { useCallback, useEffect, useState } from 'react';
import { readThemePreference, setThemePreference } from '../../lib/theme.ts';

/** The visitor's theme choice and a way to change it, kept in step with other tabs. */
export function useThemePreference(): [ThemePreference, (preference: ThemePreference) => void] {
  const [preference, setPreference] = useState(readThemePreference);
  useEffect(() => {
    // The page's theme boot script applies a choice made in another tab; this shows it.
    function handleStorage(event: StorageEvent) {
      if (event.key === THEME_STORAGE_KEY || event.key === null) {
        setPreference(readThemePreference());
      }
    }
    window.addEventListener('storage', handleStorage);
    return () => window.removeEventListener('storage', handleStorage);
  }, []);
  const choose = useCallback((next: ThemePreference) => {
    setThemePreference(next);
    setPreference(next);
  }, []);
  return [preference, choose];
}
