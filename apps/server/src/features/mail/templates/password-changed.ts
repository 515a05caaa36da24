import { greeting } from './greeting.ts';
import type { MailTemplateDefinition } from './template.ts';

/** After a password change or reset: tells the owner. Params: `name`. */
export const passwordChanged: MailTemplateDefinition = {
  content: {
    en: (params) => ({
      subject: 'Your Glimpse password was changed',
      heading: 'Your password was changed',
      intro: [
        greeting('en', params),
        'The password of your Glimpse account was just changed, and every other device signed in to it was signed out.',
      ],
      outro: [
        'If this was you, there is nothing to do here.',
        'If it was not, reset your password at once with "Forgot password" on the sign-in page.',
      ],
    }),
    de: (params) => ({
      subject: 'Dein Glimpse-Passwort wurde geändert',
      heading: 'Dein Passwort wurde geändert',
      intro: [
        greeting('de', params),
        'Das Passwort deines Glimpse-Kontos wurde gerade geändert, und alle anderen angemeldeten Geräte wurden abgemeldet.',
      ],
      outro: [
        'Wenn du das warst, musst du nichts tun.',
        'Wenn nicht, setze dein Passwort sofort mit „Passwort vergessen“ auf der Anmeldeseite zurück.',
      ],
    }),
  },
};
