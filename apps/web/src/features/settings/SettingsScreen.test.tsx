import { THEME_STORAGE_KEY } from '@glimpse/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routeTree } from '../../app/router.tsx';
import { i18n, LANGUAGE_STORAGE_KEY } from '../../i18n/index.ts';
import { DARK_SCHEME_QUERY } from '../../lib/theme.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { matchOnlyMediaQueries } from '../../test/media-queries.ts';
import { renderRoutes, renderScreen } from '../../test/render.tsx';
import { SettingsScreen } from './SettingsScreen.tsx';

beforeAll(async () => {
  await Promise.all([import('../profile/OwnProfileScreen.tsx'), import('./SettingsScreen.tsx')]);
}, 60_000);

afterEach(async () => {
  document.documentElement.removeAttribute('data-theme');
  await act(() => i18n.changeLanguage('en'));
});

const theme = () => document.documentElement.getAttribute('data-theme');
const themeGroup = () => screen.getByRole('group', { name: 'Theme' });

function renderSettings() {
  return { ...mockFetch({}), ...renderScreen(<SettingsScreen />, { path: '/me/settings' }) };
}

describe('SettingsScreen: appearance', () => {
  it('starts on System, and each choice changes the theme at once and is kept', async () => {
    // The device is set to dark.
    matchOnlyMediaQueries(DARK_SCHEME_QUERY);
    renderSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    const system = within(themeGroup()).getByRole('radio', { name: 'System' });
    expect(system).toBeChecked();
    expect(system).toHaveAccessibleDescription('Follows your device');

    await userEvent.click(within(themeGroup()).getByRole('radio', { name: 'Light' }));
    expect(theme()).toBe('light');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');

    await userEvent.click(within(themeGroup()).getByRole('radio', { name: 'Dark' }));
    expect(theme()).toBe('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    await userEvent.click(system);
    expect(theme()).toBe('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('system');
  });

  it('shows the stored choice, and System follows a light device', async () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    matchOnlyMediaQueries();
    renderSettings();
    expect(within(themeGroup()).getByRole('radio', { name: 'Dark' })).toBeChecked();
    await userEvent.click(within(themeGroup()).getByRole('radio', { name: 'System' }));
    expect(theme()).toBe('light');
  });

  it('is one radio group for the keyboard: arrow keys choose', async () => {
    matchOnlyMediaQueries();
    renderSettings();
    await userEvent.tab();
    await userEvent.tab();
    expect(within(themeGroup()).getByRole('radio', { name: 'System' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(themeGroup()).getByRole('radio', { name: 'Light' })).toBeChecked();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(themeGroup()).getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(theme()).toBe('dark');
  });

  it('shows a choice made in another tab', async () => {
    renderSettings();
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY }));
    });
    expect(within(themeGroup()).getByRole('radio', { name: 'Light' })).toBeChecked();
  });
});

describe('SettingsScreen: language', () => {
  it('lists the supported languages, each in itself, on the one in use', () => {
    renderSettings();
    const select = screen.getByRole('combobox', { name: 'Language of the app' });
    expect(select).toHaveValue('en');
    const options = within(select).getAllByRole('option');
    expect(options.map((option) => [option.textContent, option.getAttribute('lang')])).toEqual([
      ['English', 'en'],
      ['Deutsch', 'de'],
    ]);
  });

  it('switches to German, screen included, and keeps the choice', async () => {
    renderSettings();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Language of the app' }),
      'de',
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Einstellungen' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sprache der App' })).toHaveValue('de');
    expect(screen.getByRole('group', { name: 'Design' })).toBeInTheDocument();
    expect(i18n.language).toBe('de');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(document.documentElement.lang).toBe('de');
  });

  it('says so while the texts load, and stays on the language it had when they fail', async () => {
    const changeLanguage = i18n.changeLanguage.bind(i18n);
    let fail: (() => void) | undefined;
    vi.spyOn(i18n, 'changeLanguage').mockImplementation((code, callback) => {
      if (code !== 'de') return changeLanguage(code, callback);
      // German's texts are on their way, and then cannot be had (offline).
      fail = () => callback?.(new Error('offline'), i18n.t);
      return new Promise(() => undefined);
    });
    renderSettings();
    const select = screen.getByRole('combobox', { name: 'Language of the app' });
    await userEvent.selectOptions(select, 'de');
    expect(screen.getByRole('status')).toHaveTextContent('Changing the language…');

    act(() => fail?.());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The language could not be changed. Check your connection and try again.',
    );
    expect(select).toHaveAccessibleDescription(
      'The language could not be changed. Check your connection and try again.',
    );
    expect(select).toHaveValue('en');
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
  });
});

describe('SettingsScreen: the account language', () => {
  function renderSignedIn(answer: () => { status?: number; body?: unknown }) {
    const fetch = mockFetch({
      'GET /api/auth/session': { body: { user: makeUser() } },
      'PUT /api/users/me/language': answer,
    });
    return { ...fetch, ...renderScreen(<SettingsScreen />, { path: '/me/settings' }) };
  }
  const languageCalls = (calls: { url: string; body: unknown }[]) =>
    calls.filter((call) => call.url === '/api/users/me/language').map((call) => call.body);

  it("tells the server once the screen has switched, so the account's mails follow", async () => {
    const { calls } = renderSignedIn(() => ({ body: { success: true } }));
    await screen.findByRole('link', { name: 'Account security' });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Language of the app' }),
      'de',
    );
    await screen.findByRole('heading', { level: 1, name: 'Einstellungen' });
    await waitFor(() => expect(languageCalls(calls)).toEqual([{ language: 'de' }]));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the account could not be told, and saves again on request', async () => {
    let attempts = 0;
    const { calls } = renderSignedIn(() =>
      ++attempts === 1 ? { status: 500, body: {} } : { body: { success: true } },
    );
    await screen.findByRole('link', { name: 'Account security' });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Language of the app' }),
      'de',
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Deine E-Mails bleiben vorerst in ihrer Sprache: Die Wahl konnte nicht in deinem Konto gespeichert werden.',
    );
    expect(screen.getByRole('combobox', { name: 'Sprache der App' })).toHaveAccessibleDescription(
      alert.textContent ?? '',
    );
    // The screen stays in the language chosen.
    expect(i18n.language).toBe('de');
    await userEvent.click(screen.getByRole('button', { name: 'Erneut speichern' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(languageCalls(calls)).toEqual([{ language: 'de' }, { language: 'de' }]);
  });
});

describe('SettingsScreen: account', () => {
  it('signs out from here too, and says so when that fails', async () => {
    const { calls } = mockFetch({
      'POST /api/auth/logout': { status: 500, body: { err_key: 'internal_error' } },
    });
    renderScreen(<SettingsScreen />, { path: '/me/settings' });
    const section = screen.getByRole('region', { name: 'Account' });
    await userEvent.click(within(section).getByRole('button', { name: 'Sign out' }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ method: 'POST', url: '/api/auth/logout' }),
      ),
    );
    expect(await screen.findByText(/Something went wrong/)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Sign out' })).toBeEnabled();
  });
});

describe('the settings route', () => {
  it('opens from the gear on the own profile, and Back returns there', async () => {
    mockFetch({ 'GET /api/auth/session': { body: { user: makeUser() } } });
    const { location } = renderRoutes(routeTree, '/me');
    // The gear in the profile's header, not the desktop rail's Settings link beside it.
    const header = await screen.findByRole('banner');
    const link = within(header).getByRole('link', { name: 'Settings' });
    expect(link).toHaveAttribute('href', '/me/settings');
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(location.pathname).toBe('/me/settings');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My profile' }),
    ).toBeInTheDocument();
  });
});
