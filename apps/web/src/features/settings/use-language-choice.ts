import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, type LanguageCode } from '../../i18n/index.ts';

export type LanguageStatus = 'idle' | 'switching' | 'failed';

function isLanguageCode(code: string | undefined): code is LanguageCode {
  return SUPPORTED_LANGUAGES.some((language) => language.code === code);
}

/**
 * The language on screen and a way to change it. i18next loads the texts of a language before
 * it switches (i18n/index.ts) and keeps the choice for later visits (`glimpse.lang`); a language
 * whose texts could not be loaded is switched back from, so the screen never shows half of it.
 */
export function useLanguageChoice() {
  const { i18n } = useTranslation();
  const [status, setStatus] = useState<LanguageStatus>('idle');
  const shown = i18n.resolvedLanguage ?? i18n.language;
  const language: LanguageCode = isLanguageCode(shown) ? shown : 'en';

  /** Switches to `code`; true once the screen shows it. */
  async function choose(code: LanguageCode): Promise<boolean> {
    if (code === language) return false;
    setStatus('switching');
    const failure = await new Promise<unknown>((resolve) => {
      void i18n.changeLanguage(code, (error) => resolve(error));
    });
    if (failure) {
      await i18n.changeLanguage(language);
      setStatus('failed');
      return false;
    }
    setStatus('idle');
    return true;
  }

  return { language, status, choose };
}
