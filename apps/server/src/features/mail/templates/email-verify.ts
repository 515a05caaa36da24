import { greeting, linkLifetime } from './greeting.ts';
import type { MailTemplateDefinition } from './template.ts';

/** Sign-up (and resend): confirm the address. Params: `name`, optionally `expires_minutes`. */
export const emailVerify: MailTemplateDefinition = {
  linkPath: '/verify-email',
  content: {
    en: (params) => ({
      subject: 'Confirm your email address',
      heading: 'Confirm your email address',
      intro: [
        greeting('en', params),
        'Welcome to Glimpse! Please confirm that this address is yours. Until you do, you can look around, follow and chat, but not pay, earn or request payouts.',
      ],
      action: 'Confirm email address',
      outro: [
        linkLifetime('en', params),
        'If you did not sign up for Glimpse, ignore this mail: nothing happens without a click.',
      ],
    }),
    de: (params) => ({
      subject: 'Bestätige deine E-Mail-Adresse',
      heading: 'Bestätige deine E-Mail-Adresse',
      intro: [
        greeting('de', params),
        'Willkommen bei Glimpse! Bitte bestätige, dass diese Adresse dir gehört. Bis dahin kannst du dich umsehen, folgen und chatten, aber nicht bezahlen, verdienen oder Auszahlungen anfordern.',
      ],
      action: 'E-Mail-Adresse bestätigen',
      outro: [
        linkLifetime('de', params),
        'Wenn du dich nicht bei Glimpse registriert hast, ignoriere diese Mail: Ohne Klick passiert nichts.',
      ],
    }),
  },
};
