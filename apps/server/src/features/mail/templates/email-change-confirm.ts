import { greeting, linkLifetime } from './greeting.ts';
import type { MailTemplateDefinition } from './template.ts';

/** Sent to the new address of an email change. Params: `name`, optionally `expires_minutes`. */
export const emailChangeConfirm: MailTemplateDefinition = {
  linkPath: '/verify-email',
  content: {
    en: (params) => ({
      subject: 'Confirm your new email address',
      heading: 'Confirm your new email address',
      intro: [
        greeting('en', params),
        'You asked to use this address for your Glimpse account. Confirm it with the button below; until then, your account keeps its old address.',
      ],
      action: 'Confirm new address',
      outro: [
        linkLifetime('en', params),
        'If you did not ask for this, ignore this mail: nothing changes without a click.',
      ],
    }),
    de: (params) => ({
      subject: 'Bestätige deine neue E-Mail-Adresse',
      heading: 'Bestätige deine neue E-Mail-Adresse',
      intro: [
        greeting('de', params),
        'Du möchtest diese Adresse für dein Glimpse-Konto verwenden. Bestätige sie mit dem Button unten; bis dahin behält dein Konto die alte Adresse.',
      ],
      action: 'Neue Adresse bestätigen',
      outro: [
        linkLifetime('de', params),
        'Wenn du das nicht angefordert hast, ignoriere diese Mail: Ohne Klick ändert sich nichts.',
      ],
    }),
  },
};
