import type { MailLanguage } from '../mail-types.ts';
import type { TemplateParams } from './template.ts';

/** "Hi Anna," / "Hallo Anna,", or without a name when the mail has none. */
export function greeting(language: MailLanguage, params: TemplateParams): string {
  const name = params.text('name').trim();
  const hello = language === 'de' ? 'Hallo' : 'Hi';
  return name ? `${hello} ${name},` : `${hello},`;
}

/** How long a link works, when the sender said (`expires_minutes`). */
export function linkLifetime(language: MailLanguage, params: TemplateParams): string {
  const minutes = params.number('expires_minutes');
  if (minutes === undefined)
    return language === 'de' ? 'Der Link funktioniert nur einmal.' : 'The link works only once.';
  const span =
    minutes >= 120 && minutes % 60 === 0
      ? language === 'de'
        ? `${minutes / 60} Stunden`
        : `${minutes / 60} hours`
      : language === 'de'
        ? `${minutes} Minuten`
        : `${minutes} minutes`;
  return language === 'de'
    ? `Der Link funktioniert nur einmal und ist ${span} gültig.`
    : `The link works once, for ${span}.`;
}
