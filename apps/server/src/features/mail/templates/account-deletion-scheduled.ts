import type { MailLanguage } from '../mail-types.ts';
import { greeting } from './greeting.ts';
import type { MailTemplateDefinition, TemplateParams } from './template.ts';

/**
 * "6 June 2031" / "6. Juni 2031" for `deletes_at` (an ISO time), or "in 30 days" when it is
 * missing or unreadable (`days`, else 30).
 */
function erasureDay(language: MailLanguage, params: TemplateParams): string {
  const at = new Date(params.text('deletes_at'));
  if (Number.isNaN(at.getTime())) {
    const days = params.number('days') ?? 30;
    return language === 'de' ? `in ${days} Tagen` : `in ${days} days`;
  }
  const day = at.toLocaleDateString(language === 'de' ? 'de-DE' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return language === 'de' ? `am ${day}` : `on ${day}`;
}

/**
 * After the owner asked to delete the account: when it is erased and how to keep it (the button
 * opens Account security, where a signed-in owner keeps it). Params: `name`, `deletes_at` (ISO
 * time), `days`.
 */
export const accountDeletionScheduled: MailTemplateDefinition = {
  pagePath: '/me/settings/security',
  content: {
    en: (params) => ({
      subject: 'Your Glimpse account will be deleted',
      heading: 'Your account will be deleted',
      intro: [
        greeting('en', params),
        `You asked to delete your Glimpse account. It is hidden from everyone now, every device was signed out, and it will be erased for good ${erasureDay('en', params)}: your name, email address, profile, pictures and stories. Messages you sent stay with the people who received them, shown as from a deleted account.`,
        'Your subscriptions will not renew. Money left in your wallet or in your earnings when the account is erased cannot be paid out any more: request a payout before then.',
      ],
      action: 'Keep my account',
      outro: [
        'Changed your mind? Sign in before then and choose "Keep my account".',
        'If you did not ask for this, sign in at once, keep your account and change your password.',
      ],
    }),
    de: (params) => ({
      subject: 'Dein Glimpse-Konto wird gelöscht',
      heading: 'Dein Konto wird gelöscht',
      intro: [
        greeting('de', params),
        `Du hast die Löschung deines Glimpse-Kontos beantragt. Es ist ab sofort für alle verborgen, alle Geräte wurden abgemeldet, und es wird ${erasureDay('de', params)} endgültig gelöscht: dein Name, deine E-Mail-Adresse, dein Profil, deine Bilder und Storys. Nachrichten, die du geschickt hast, bleiben bei den Empfängern, als Nachrichten eines gelöschten Kontos.`,
        'Deine Abos werden nicht verlängert. Geld, das bei der Löschung noch in deinem Guthaben oder deinen Einnahmen liegt, kann danach nicht mehr ausgezahlt werden: Fordere vorher eine Auszahlung an.',
      ],
      action: 'Konto behalten',
      outro: [
        'Du hast es dir anders überlegt? Melde dich vorher an und wähle „Konto behalten“.',
        'Wenn du das nicht warst, melde dich sofort an, behalte dein Konto und ändere dein Passwort.',
      ],
    }),
  },
};
