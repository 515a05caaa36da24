import { greeting } from './greeting.ts';
import type { MailTemplateDefinition } from './template.ts';

/** Sent to the old address when a change to `new_email` was asked for. Params: `name`, `new_email`. */
export const emailChangeNotice: MailTemplateDefinition = {
  content: {
    en: (params) => ({
      subject: 'Your Glimpse email address is being changed',
      heading: 'Your email address is being changed',
      intro: [
        greeting('en', params),
        `Someone signed in to your Glimpse account asked to change its email address to ${params.text('new_email')}. The change happens once the new address is confirmed.`,
      ],
      outro: [
        'If this was you, there is nothing to do here.',
        'If it was not, sign in and change your password at once, and check the signed-in devices in your settings.',
      ],
    }),
    de: (params) => ({
      subject: 'Die E-Mail-Adresse deines Glimpse-Kontos wird geändert',
      heading: 'Deine E-Mail-Adresse wird geändert',
      intro: [
        greeting('de', params),
        `Jemand, der bei deinem Glimpse-Konto angemeldet ist, möchte dessen E-Mail-Adresse in ${params.text('new_email')} ändern. Die Änderung gilt, sobald die neue Adresse bestätigt ist.`,
      ],
      outro: [
        'Wenn du das warst, musst du nichts tun.',
        'Wenn nicht, melde dich an und ändere sofort dein Passwort, und prüfe die angemeldeten Geräte in deinen Einstellungen.',
      ],
    }),
  },
};
