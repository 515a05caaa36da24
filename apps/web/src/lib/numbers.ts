import { activeLanguage } from '../i18n/languages.ts';

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A count as the language on screen writes numbers ("12,345" in English, "12.345" in German),
 * for numbers shown outside a text; inside one, `{{count, number}}` does the same. One formatter
 * per language.
 */
export function formatNumber(value: number, language: string = activeLanguage()): string {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language);
    numberFormats.set(language, format);
  }
  return format.format(value);
}
