import { greeting } from './greeting.ts';
import type { MailTemplateDefinition, TemplateParams } from './template.ts';

/**
 * After where payouts go was set or changed: tells the owner, so a change made from a stolen
 * session is noticed before a payout leaves. Params: `name`, `kind` (bank_account or
 * stripe_connect), `account_end` (the IBAN's last two characters, for a bank account).
 */
const bankAccount = (params: TemplateParams) => params.text('kind') === 'bank_account';

export const payoutMethodChanged: MailTemplateDefinition = {
  content: {
    en: (params) => ({
      subject: 'Your Glimpse payout details were changed',
      heading: 'Your payout details were changed',
      intro: [
        greeting('en', params),
        bankAccount(params)
          ? `Your payouts now go to the bank account whose IBAN ends in ${params.text('account_end')}.`
          : 'Your payouts now go to the Stripe account being set up for you.',
      ],
      outro: [
        'If this was you, there is nothing to do here.',
        'If it was not, do not request a payout: sign in, change your password at once, set up two-factor sign-in, and enter your own payout details again.',
      ],
    }),
    de: (params) => ({
      subject: 'Deine Glimpse-Auszahlungsdaten wurden geändert',
      heading: 'Deine Auszahlungsdaten wurden geändert',
      intro: [
        greeting('de', params),
        bankAccount(params)
          ? `Deine Auszahlungen gehen jetzt auf das Bankkonto, dessen IBAN auf ${params.text('account_end')} endet.`
          : 'Deine Auszahlungen gehen jetzt auf das Stripe-Konto, das für dich eingerichtet wird.',
      ],
      outro: [
        'Wenn du das warst, musst du nichts tun.',
        'Wenn nicht, fordere keine Auszahlung an: Melde dich an, ändere sofort dein Passwort, richte die Zwei-Faktor-Anmeldung ein und gib deine eigenen Auszahlungsdaten erneut ein.',
      ],
    }),
  },
};
