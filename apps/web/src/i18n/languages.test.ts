import { afterEach, describe, expect, it } from 'vitest';
import {
  addTexts,
  changeLanguage,
  i18n,
  LANGUAGE_STORAGE_KEY,
  SUPPORTED_LANGUAGES,
} from './index.ts';
import { activeLanguage, detectLanguage } from './languages.ts';

/*
 * Every module that adds texts when its feature loads (features' `*-texts.ts`, i18n's
 * `*-errors.ts`): read as the app's composition would, so a language switch can be checked to
 * load every one of them. A glob, not imports: i18n/ sits below the features.
 */
const textModules = import.meta.glob(['../features/**/*-texts.ts', './*-errors.ts']);

afterEach(async () => {
  await i18n.changeLanguage('en');
});

// First in the file: German has not been loaded yet, so the switch loads it (not addTexts).
describe('the first switch to German', () => {
  it('loads the texts of every feature loaded before it', async () => {
    await addTexts(
      'testEarly',
      { hello: 'Hello' },
      { './locales/de/test-early.json': () => Promise.resolve({ hello: 'Hallo' }) },
    );
    await Promise.all(Object.values(textModules).map((load) => load()));
    expect(i18n.hasResourceBundle('de', 'translation')).toBe(false);
    expect(i18n.t('testEarly.hello')).toBe('Hello');
    await changeLanguage('de');
    expect(i18n.t('testEarly.hello')).toBe('Hallo');
    const keys = (texts: unknown, prefix = ''): string[] =>
      Object.entries(texts as Record<string, unknown>).flatMap(([key, value]) =>
        typeof value === 'object' && value !== null
          ? keys(value, `${prefix}${key}.`)
          : [`${prefix}${key}`],
      );
    const english = keys(i18n.getResourceBundle('en', 'translation')).filter(
      (key) => !key.startsWith('test'),
    );
    const german = new Set(keys(i18n.getResourceBundle('de', 'translation')));
    expect(english.length).toBeGreaterThan(500);
    expect(english.filter((key) => !german.has(key))).toEqual([]);
  });
});

describe('choosing the language', () => {
  it('offers English and German', () => {
    expect(SUPPORTED_LANGUAGES).toEqual([
      { code: 'en', label: 'English' },
      { code: 'de', label: 'Deutsch' },
    ]);
  });

  it("takes the stored choice first, else the browser's first language we have, else English", () => {
    expect(detectLanguage('de', ['en-US'])).toBe('de');
    expect(detectLanguage('en', ['de-DE'])).toBe('en');
    expect(detectLanguage(null, ['de-AT', 'en'])).toBe('de');
    expect(detectLanguage(null, ['fr-FR', 'de', 'en'])).toBe('de');
    expect(detectLanguage('xx', ['fr-FR', 'it'])).toBe('en');
    expect(detectLanguage(null, [])).toBe('en');
  });

  it('reads the choice from localStorage', () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    expect(detectLanguage()).toBe('de');
  });

  it('switches with its texts loaded, sets <html lang> and keeps the choice', async () => {
    expect(document.documentElement.lang).toBe('en');
    await changeLanguage('de');
    expect(i18n.language).toBe('de');
    expect(i18n.t('common.nav.home')).toBe('Start');
    expect(document.documentElement.lang).toBe('de');
    expect(activeLanguage()).toBe('de');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    // The settings screen may call i18next directly: the same happens.
    await i18n.changeLanguage('en');
    expect(i18n.t('common.nav.home')).toBe('Home');
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });
});

describe("a feature's texts", () => {
  it('load in the language on screen when the feature loads after the switch', async () => {
    await changeLanguage('de');
    await addTexts(
      'testLate',
      { hello: 'Hello' },
      { './locales/de/test-late.json': () => Promise.resolve({ hello: 'Hallo' }) },
    );
    expect(i18n.t('testLate.hello')).toBe('Hallo');
    expect(i18n.t('testLate.hello', { lng: 'en' })).toBe('Hello');
  });

  it('stay English when the file in the language on screen does not arrive', async () => {
    await changeLanguage('de');
    await addTexts(
      'testOffline',
      { hello: 'Hello' },
      { './locales/de/test-offline.json': () => Promise.reject(new TypeError('offline')) },
    );
    expect(i18n.t('testOffline.hello')).toBe('Hello');
  });

  it('loaded in English after German was shown once have their German at the next switch', async () => {
    await changeLanguage('de');
    await changeLanguage('en');
    await addTexts(
      'testBetween',
      { hello: 'Hello' },
      { './locales/de/test-between.json': () => Promise.resolve({ hello: 'Hallo' }) },
    );
    expect(i18n.t('testBetween.hello')).toBe('Hello');
    await changeLanguage('de');
    expect(i18n.t('testBetween.hello')).toBe('Hallo');
  });
});
