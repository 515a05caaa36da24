import { THEME_STORAGE_KEY } from '@glimpse/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchOnlyMediaQueries } from '../test/media-queries.ts';
import {
  currentTheme,
  DARK_SCHEME_QUERY,
  readThemePreference,
  resolveTheme,
  setThemePreference,
} from './theme.ts';

afterEach(() => {
  document.documentElement.removeAttribute('data-theme');
});

describe('theme preference', () => {
  it('resolves System from the device and keeps an explicit choice', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('reads System when nothing, or something unknown, is stored', () => {
    expect(readThemePreference()).toBe('system');
    window.localStorage.setItem(THEME_STORAGE_KEY, 'DARK');
    expect(readThemePreference()).toBe('system');
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    expect(readThemePreference()).toBe('dark');
  });

  it('stores a choice and applies it at once', () => {
    matchOnlyMediaQueries(DARK_SCHEME_QUERY);
    setThemePreference('light');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(currentTheme()).toBe('light');

    setThemePreference('system');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('system');
    expect(currentTheme()).toBe('dark');
    expect(readThemePreference()).toBe('system');
  });

  it('changes the theme for the visit when storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    setThemePreference('dark');
    expect(currentTheme()).toBe('dark');
    expect(readThemePreference()).toBe('system');
  });
});
