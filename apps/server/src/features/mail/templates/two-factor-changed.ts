import { greeting } from './greeting.ts';
import type { MailTemplateDefinition, TemplateParams } from './template.ts';

type Change = 'totp_on' | 'totp_off' | 'passkey_added' | 'passkey_removed' | 'two_factor_off';

const WHAT: Record<'en' | 'de', Record<Change, string>> = {
  en: {
    totp_on: 'An authenticator app now protects your Glimpse account.',
    totp_off: 'The authenticator app was removed from your Glimpse account.',
    passkey_added: 'A passkey was added to your Glimpse account.',
    passkey_removed: 'A passkey was removed from your Glimpse account.',
    two_factor_off: 'Two-factor sign-in was turned off for your Glimpse account.',
  },
  de: {
    totp_on: 'Eine Authenticator-App schützt jetzt dein Glimpse-Konto.',
    totp_off: 'Die Authenticator-App wurde aus deinem Glimpse-Konto entfernt.',
    passkey_added: 'Deinem Glimpse-Konto wurde ein Passkey hinzugefügt.',
    passkey_removed: 'Ein Passkey wurde aus deinem Glimpse-Konto entfernt.',
    two_factor_off: 'Die Zwei-Faktor-Anmeldung deines Glimpse-Kontos wurde ausgeschaltet.',
  },
};

function changeOf(params: TemplateParams): Change {
  const change = params.text('change');
  return change in WHAT.en ? (change as Change) : 'two_factor_off';
}

/**
 * A second factor was added or removed: tells the owner, so a change made with a stolen session
 * is noticed. Params: `name`, `change`.
 */
export const twoFactorChanged: MailTemplateDefinition = {
  pagePath: '/me/settings/security',
  content: {
    en: (params) => ({
      subject: 'Your Glimpse sign-in protection changed',
      heading: 'Your sign-in protection changed',
      intro: [greeting('en', params), WHAT.en[changeOf(params)]],
      action: 'Review account security',
      outro: [
        'If this was you, there is nothing to do here.',
        'If it was not, reset your password at once and sign out every other device.',
      ],
    }),
    de: (params) => ({
      subject: 'Der Anmeldeschutz deines Glimpse-Kontos wurde geändert',
      heading: 'Dein Anmeldeschutz wurde geändert',
      intro: [greeting('de', params), WHAT.de[changeOf(params)]],
      action: 'Kontosicherheit prüfen',
      outro: [
        'Wenn du das warst, musst du nichts tun.',
        'Wenn nicht, setze sofort dein Passwort zurück und melde alle anderen Geräte ab.',
      ],
    }),
  },
};
