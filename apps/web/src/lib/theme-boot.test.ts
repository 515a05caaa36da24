import { THEME_BOOT_SCRIPT, THEME_PREFERENCES, THEME_STORAGE_KEY } from '@glimpse/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { themeBootTag } from '../../build/theme-boot.ts';
import { DARK_SCHEME_QUERY, resolveTheme } from './theme.ts';

/** A device whose dark setting the test flips, telling the listeners as a browser does. */
function deviceSetting(dark: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return dark;
    },
    media: DARK_SCHEME_QUERY,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (query: string) => {
    expect(query).toBe(DARK_SCHEME_QUERY);
    return list;
  });
  return {
    set(value: boolean) {
      dark = value;
      for (const listener of listeners) listener();
    },
  };
}

/** Runs the script as the page does, as a classic script in the window's scope. */
function runBootScript() {
  new Function(THEME_BOOT_SCRIPT)();
}

const theme = () => document.documentElement.getAttribute('data-theme');

afterEach(() => {
  document.documentElement.removeAttribute('data-theme');
});

describe('the theme boot script', () => {
  it.each(
    THEME_PREFERENCES.flatMap((preference) => [true, false].map((dark) => [preference, dark])),
  )('shows what resolveTheme says for %s on a device set to dark=%s', (preference, dark) => {
    window.localStorage.setItem(THEME_STORAGE_KEY, String(preference));
    deviceSetting(Boolean(dark));
    runBootScript();
    expect(theme()).toBe(resolveTheme(preference as never, Boolean(dark)));
  });

  it('follows the device with nothing stored, or something it does not know', () => {
    const device = deviceSetting(true);
    runBootScript();
    expect(theme()).toBe('dark');
    device.set(false);
    expect(theme()).toBe('light');

    window.localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    device.set(true);
    expect(theme()).toBe('dark');
  });

  it('keeps an explicit choice when the device changes', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    const device = deviceSetting(true);
    runBootScript();
    expect(theme()).toBe('light');
    device.set(false);
    device.set(true);
    expect(theme()).toBe('light');
  });

  it('applies a choice made in another tab', () => {
    deviceSetting(false);
    runBootScript();
    expect(theme()).toBe('light');
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY }));
    expect(theme()).toBe('dark');
    window.dispatchEvent(new StorageEvent('storage', { key: 'something.else' }));
    window.localStorage.clear();
    expect(theme()).toBe('dark');
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(theme()).toBe('light');
  });

  it('still sets a theme when storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    deviceSetting(true);
    runBootScript();
    expect(theme()).toBe('dark');
  });

  it('is put first in the head of the page, as the exact text the CSP hash covers', () => {
    expect(themeBootTag).toEqual({
      tag: 'script',
      children: THEME_BOOT_SCRIPT,
      injectTo: 'head-prepend',
    });
    // One line without a closing tag inside: the HTML cannot end or reshape it.
    expect(THEME_BOOT_SCRIPT).not.toMatch(/\n|<\/script/i);
  });
});
