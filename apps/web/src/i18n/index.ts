import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  detectLanguage,
  isSupportedLanguage,
  loadBundledTexts,
  setActiveLanguage,
  SOURCE_LANGUAGE,
  storeLanguage,
  SUPPORTED_LANGUAGES,
  type LanguageCode,
} from './languages.ts';
import { en } from './resources.ts';

export { LANGUAGE_STORAGE_KEY, SUPPORTED_LANGUAGES, type LanguageCode } from './languages.ts';

type Texts = Record<string, unknown>;
/** One file's texts in every language but English, as `import.meta.glob` lists them. */
type TextLoaders = Record<string, () => Promise<unknown>>;

/** What each feature's texts module registered: its top-level key and its other languages. */
const featureTexts: { key: string; loaders: TextLoaders }[] = [];
/** Languages whose texts `lazyLanguages` is loading for a switch to them. */
const loading = new Set<LanguageCode>();

function loaderFor(loaders: TextLoaders, code: LanguageCode): (() => Promise<unknown>) | undefined {
  const path = Object.keys(loaders).find((file) => file.includes(`/locales/${code}/`));
  return path ? loaders[path] : undefined;
}

async function loadFeatureTexts(key: string, loaders: TextLoaders, code: LanguageCode) {
  const load = loaderFor(loaders, code);
  if (!load) return;
  const texts = (await load()) as Texts;
  i18n.addResourceBundle(code, 'translation', { [key]: texts }, true, true);
}

/**
 * Loads a language's texts before i18next switches to it (`i18n.changeLanguage` waits for this):
 * the first page's, and those of every feature whose code has loaded so far. English is bundled.
 */
const lazyLanguages: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    if (!isSupportedLanguage(language) || language === SOURCE_LANGUAGE) {
      callback(null, {});
      return;
    }
    loading.add(language);
    const loads = featureTexts.map(({ key, loaders }) => loadFeatureTexts(key, loaders, language));
    Promise.all([loadBundledTexts(language), ...loads])
      .then(([bundled]) => {
        i18n.addResourceBundle(language, 'translation', bundled, true, false);
        callback(null, i18n.getResourceBundle(language, 'translation') as ResourceKey);
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : String(error), false))
      .finally(() => loading.delete(language));
  },
};

/**
 * A feature's texts join the translations when its code loads (not with the first page): the
 * English file, bundled with the feature, and the language on screen, whose file is fetched
 * first. Texts modules await it at their top level, so the feature's code runs with its texts
 * in place; other languages load when chosen (`lazyLanguages`).
 *
 *   import chat from '../../i18n/locales/en/chat.json';
 *   await addTexts('chat', chat, import.meta.glob(
 *     ['../../i18n/locales/*\/chat.json', '!../../i18n/locales/en/*'], { import: 'default' }));
 */
export function addTexts(key: string, english: Texts, loaders: TextLoaders): Promise<void> {
  i18n.addResourceBundle(SOURCE_LANGUAGE, 'translation', { [key]: english }, true, false);
  featureTexts.push({ key, loaders });
  // The language on screen, one being switched to (its load began before this module ran), and
  // any loaded before: i18next loads a language once, so switching back to it loads nothing.
  const languages = SUPPORTED_LANGUAGES.map(({ code }) => code).filter(
    (code) =>
      code !== SOURCE_LANGUAGE &&
      (code === i18n.language || loading.has(code) || i18n.hasResourceBundle(code, 'translation')),
  );
  // A file that does not arrive (the network) leaves the feature in English, not broken.
  const loads = languages.map((code) => loadFeatureTexts(key, loaders, code).catch(() => {}));
  return Promise.all(loads).then(() => undefined);
}

const initialLanguage = detectLanguage();
setActiveLanguage(initialLanguage);

const ready = i18n
  .use(lazyLanguages)
  .use(initReactI18next)
  .init({
    lng: initialLanguage,
    fallbackLng: SOURCE_LANGUAGE,
    supportedLngs: SUPPORTED_LANGUAGES.map((language) => language.code),
    nonExplicitSupportedLngs: false,
    load: 'languageOnly',
    // English is bundled; other languages come through `lazyLanguages`.
    resources: { en },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });

// A change after the first (the settings' language select) is kept for later visits and sets
// the page's language; the first is the detected one, already set.
void ready.then(() =>
  i18n.on('languageChanged', (language) => {
    if (!isSupportedLanguage(language)) return;
    storeLanguage(language);
    setActiveLanguage(language);
  }),
);

// German (or any language but English) shows nothing before its texts: the app's code waits.
if (initialLanguage !== SOURCE_LANGUAGE) await ready;

/** Switches the language, its texts loaded first; the choice is kept for later visits. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  await i18n.changeLanguage(code);
}

export { i18n };
