import { greeting } from './greeting.ts';
import type { MailTemplateDefinition } from './template.ts';

/**
 * A data export finished building (features/exports). Params: `name`, `days` (how long the
 * download works). The button opens Account security, where the signed-in owner downloads it:
 * the archive itself is never linked from a mail.
 */
export const dataExportReady: MailTemplateDefinition = {
  pagePath: '/me/settings/security',
  content: {
    en: (params) => {
      const days = params.number('days');
      return {
        subject: 'Your Glimpse data is ready to download',
        heading: 'Your data export is ready',
        intro: [
          greeting('en', params),
          'The copy of your Glimpse data you asked for is ready: your profile, your stories with their photos and videos, the messages you sent, and your purchases, tips, subscriptions and wallet history.',
          'Sign in and download it under Account security in your settings.',
        ],
        action: 'Download my data',
        outro: [
          days === undefined
            ? 'The download works for a limited time only.'
            : `The download works for ${days} days; after that, ask for a new export.`,
          'If you did not ask for this, change your password: someone may be signed in to your account.',
        ],
      };
    },
    de: (params) => {
      const days = params.number('days');
      return {
        subject: 'Deine Glimpse-Daten stehen zum Download bereit',
        heading: 'Dein Datenexport ist fertig',
        intro: [
          greeting('de', params),
          'Die Kopie deiner Glimpse-Daten, die du angefordert hast, ist fertig: dein Profil, deine Storys mit ihren Fotos und Videos, die Nachrichten, die du gesendet hast, und deine Käufe, Trinkgelder, Abos und dein Wallet-Verlauf.',
          'Melde dich an und lade sie in deinen Einstellungen unter Kontosicherheit herunter.',
        ],
        action: 'Meine Daten herunterladen',
        outro: [
          days === undefined
            ? 'Der Download funktioniert nur für begrenzte Zeit.'
            : `Der Download funktioniert ${days} Tage lang; danach forderst du einfach einen neuen Export an.`,
          'Wenn du das nicht warst, ändere dein Passwort: Jemand könnte in deinem Konto angemeldet sein.',
        ],
      };
    },
  },
};
