/**
 * The languages of the app and which one a visitor gets. No i18next here: the boot code and the
 * formatters (lib/money.ts, lib/dates.ts) read it without loading the translation library.
 * docs/decisions.md, "Languages".
 */
export const SUPPORTED_LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'de', label: 'Deutsch' },
] as const;

export type LanguageCode = (typeof SUPPORTED_LANGUAGES)[number]['code'];

/** English is the language of the code's texts, bundled with the first page, and the fallback. */
export const SOURCE_LANGUAGE: LanguageCode = 'en';

/** Where a choice made in the settings is kept; without one, the browser's languages decide. */
export const LANGUAGE_STORAGE_KEY = 'glimpse.lang';

export function isSupportedLanguage(code: unknown): code is LanguageCode {
  return SUPPORTED_LANGUAGES.some((language) => language.code === code);
}

function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage can be off (a privacy setting): the browser's languages decide then.
    return null;
  }
}

/**
 * The language to show: the stored choice, else the first of the browser's languages we have
 * ("de-AT" counts as "de"), else English.
 */
export function detectLanguage(
  stored: string | null = storedLanguage(),
  preferred: readonly string[] = navigator.languages ?? [navigator.language],
): LanguageCode {
  if (isSupportedLanguage(stored)) return stored;
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isSupportedLanguage(base)) return base;
  }
  return SOURCE_LANGUAGE;
}

/** Records an explicit choice, so later visits keep it whatever the browser says. */
export function storeLanguage(code: LanguageCode): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // Not kept beyond this visit; nothing else to do.
  }
}

let active: LanguageCode = SOURCE_LANGUAGE;

/** The language on screen, for formatting dates, numbers and money (i18n/index.ts sets it). */
export function activeLanguage(): LanguageCode {
  return active;
}

export function setActiveLanguage(code: LanguageCode): void {
  active = code;
  if (typeof document !== 'undefined') document.documentElement.lang = code;
}

/**
 * The first page's texts of each language but English (`resources-<code>.ts`), one chunk each,
 * fetched only when that language is chosen.
 */
const bundledTexts = import.meta.glob<Record<string, unknown>>('./resources-*.ts', {
  import: 'texts',
});

/** The first page's texts of `code`; the boot asks early (main.tsx) so they download meanwhile. */
export function loadBundledTexts(code: LanguageCode): Promise<Record<string, unknown>> {
  const load = bundledTexts[`./resources-${code}.ts`];
  return load ? load() : Promise.resolve({});
}
