import { greeting, linkLifetime } from './greeting.ts';
import type { MailTemplateDefinition } from './template.ts';

/** Forgot password: a link to choose a new one. Params: `name`, optionally `expires_minutes`. */
export const passwordReset: MailTemplateDefinition = {
  linkPath: '/reset-password',
  content: {
    en: (params) => ({
      subject: 'Reset your Glimpse password',
      heading: 'Choose a new password',
      intro: [
        greeting('en', params),
        'Someone asked to reset the password of the Glimpse account with this address. If it was you, choose a new password with the button below. Every other device signed in to your account will be signed out.',
      ],
      action: 'Choose a new password',
      outro: [
        linkLifetime('en', params),
        'If you did not ask for this, ignore this mail: your password stays as it is.',
      ],
    }),
    de: (params) => ({
      subject: 'Setze dein Glimpse-Passwort zurück',
      heading: 'Wähle ein neues Passwort',
      intro: [
        greeting('de', params),
        'Jemand möchte das Passwort des Glimpse-Kontos mit dieser Adresse zurücksetzen. Wenn du das warst, wähle mit dem Button unten ein neues Passwort. Alle anderen Geräte, die bei deinem Konto angemeldet sind, werden abgemeldet.',
      ],
      action: 'Neues Passwort wählen',
      outro: [
        linkLifetime('de', params),
        'Wenn du das nicht angefordert hast, ignoriere diese Mail: Dein Passwort bleibt, wie es ist.',
      ],
    }),
  },
};
