import { NOTIFICATION_TYPES, type NotificationType } from '@glimpse/contract';
import type { MailLanguage } from '../mail-types.ts';

/**
 * What a notification line says in a mail, per type, in English and German (the web's texts
 * live in apps/web's notifications.json; these are the mail's own, without markup).
 */

/** One line's figures, as the notifications feature puts them in a mail's parameters. */
export interface NotificationLineFacts {
  type: NotificationType;
  /** Who did it; empty for the system or an account that is gone. */
  actor: string;
  /** Besides the actor, how many others ("Anna and 3 others"). */
  others: number;
  amount?: number;
  /** A decision's outcome (verification_decided: approved | rejected). */
  outcome?: string;
  /** The creator a subscription line is about (renewal_failed, subscription_ending). */
  creator?: string;
  /** What a taken-down item said, cut short (moderation_notice), so its owner knows which. */
  excerpt?: string;
}

/** A decision's text, with the item's own words after it when the line has them. */
const withExcerpt = (text: string, f: NotificationLineFacts, open: string, close: string) =>
  f.excerpt ? `${text}: ${open}${f.excerpt}${close}` : text;

/** A moderation decision told to the account it is about (moderation_notice's outcome). */
const moderationNoticeEn: Record<string, string> = {
  take_down: 'Your content was removed for breaking our rules',
  warn: 'You received a warning from our moderators',
  suspend: 'Your account was suspended',
  unsuspend: 'Your account is no longer suspended',
  hold_payouts: 'Your payouts are on hold',
  release_payouts: 'Your payouts are no longer on hold',
};
const moderationNoticeDe: Record<string, string> = {
  take_down: 'Dein Inhalt wurde wegen eines Regelverstoßes entfernt',
  warn: 'Du hast eine Verwarnung der Moderation erhalten',
  suspend: 'Dein Konto wurde gesperrt',
  unsuspend: 'Dein Konto ist nicht mehr gesperrt',
  hold_payouts: 'Deine Auszahlungen sind angehalten',
  release_payouts: 'Deine Auszahlungen sind nicht mehr angehalten',
};

export const isNotificationType = (value: unknown): value is NotificationType =>
  typeof value === 'string' && (NOTIFICATION_TYPES as readonly string[]).includes(value);

export function formatAmount(
  amount: number | undefined,
  currency: string,
  language: MailLanguage,
): string {
  if (amount === undefined) return '';
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount);
  } catch {
    return amount.toFixed(2);
  }
}

type Texts = Record<NotificationType, (f: NotificationLineFacts, money: string) => string>;

const who = (f: NotificationLineFacts, someone: string, and: (n: number) => string) => {
  const name = f.actor || someone;
  return f.others > 0 ? `${name} ${and(f.others)}` : name;
};

const en = (f: NotificationLineFacts) =>
  who(f, 'Someone', (n) => `and ${n} ${n === 1 ? 'other' : 'others'}`);
const de = (f: NotificationLineFacts) =>
  who(f, 'Jemand', (n) => `und ${n} ${n === 1 ? 'weitere Person' : 'weitere Personen'}`);
const plural = (f: NotificationLineFacts, one: string, many: string) => (f.others > 0 ? many : one);

const LINES: Record<MailLanguage, Texts> = {
  en: {
    story_posted: (f) => `${en(f)} posted ${plural(f, 'a new story', 'new stories')}`,
    stream_started: (f) => `${en(f)} is live now`,
    direct_message: (f) =>
      f.others > 0
        ? `${f.actor || 'Someone'} sent you ${f.others + 1} messages`
        : `${en(f)} sent you a message`,
    channel_post: (f) => `${en(f)} posted in a channel`,
    tip_received: (f, money) =>
      f.others > 0
        ? `${en(f)} sent you tips`
        : f.actor
          ? `${f.actor} sent you a tip of ${money}`
          : `You received a tip of ${money}`,
    tip_requested: (f, money) => `${en(f)} asks you for a tip of ${money}`,
    story_purchased: (f) => `${en(f)} bought ${plural(f, 'your story', 'your stories')}`,
    subscriber_new: (f) => `${en(f)} subscribed to you`,
    renewal_failed: (f) =>
      `Your subscription to ${f.creator || f.actor || 'a creator'} could not be renewed: your wallet is short`,
    subscription_ending: (f) =>
      `Your subscription to ${f.creator || f.actor || 'a creator'} ends soon`,
    payout_paid: (_f, money) => `Your payout of ${money} was paid`,
    payout_failed: (_f, money) => `Your payout of ${money} failed`,
    verification_decided: (f) =>
      f.outcome === 'approved'
        ? 'Your identity is verified'
        : f.outcome === 'rejected'
          ? 'Your identity could not be verified'
          : 'Your identity verification has a result',
    security_sign_in: () => 'New sign-in to your account',
    security_password_changed: () => 'Your password was changed',
    security_email_changed: () => 'Your email address was changed',
    copyright_notice: (f) =>
      f.outcome === 'restored'
        ? 'Your story is back after your counter-notice'
        : f.outcome === 'rejected'
          ? 'A copyright notice against your story was rejected: it is back'
          : 'Your story was taken down after a copyright notice',
    appeal_decided: (f) =>
      f.outcome === 'granted' ? 'Your appeal was granted' : 'Your appeal was denied',
    report_resolved: (f) =>
      f.outcome === 'actioned'
        ? 'We acted on your report. Thank you'
        : 'We reviewed your report and found no violation',
    moderation_notice: (f) =>
      withExcerpt(
        moderationNoticeEn[f.outcome ?? ''] ?? 'Moderation made a decision about your account',
        f,
        '“',
        '”',
      ),
  },
  de: {
    story_posted: (f) =>
      `${de(f)} ${f.others > 0 ? 'haben neue Storys' : 'hat eine neue Story'} gepostet`,
    stream_started: (f) => `${de(f)} ${f.others > 0 ? 'sind' : 'ist'} jetzt live`,
    direct_message: (f) =>
      f.others > 0
        ? `${f.actor || 'Jemand'} hat dir ${f.others + 1} Nachrichten geschickt`
        : `${de(f)} hat dir eine Nachricht geschickt`,
    channel_post: (f) => `${de(f)} ${f.others > 0 ? 'haben' : 'hat'} in einem Kanal gepostet`,
    tip_received: (f, money) =>
      f.others > 0
        ? `${de(f)} haben dir Trinkgeld geschickt`
        : f.actor
          ? `${f.actor} hat dir ${money} Trinkgeld geschickt`
          : `Du hast ${money} Trinkgeld erhalten`,
    tip_requested: (f, money) => `${de(f)} bittet dich um ${money} Trinkgeld`,
    story_purchased: (f) =>
      f.others > 0 ? `${de(f)} haben deine Storys gekauft` : `${de(f)} hat deine Story gekauft`,
    subscriber_new: (f) =>
      f.others > 0 ? `${de(f)} haben dich abonniert` : `${de(f)} hat dich abonniert`,
    renewal_failed: (f) =>
      `Dein Abo bei ${f.creator || f.actor || 'einem Creator'} konnte nicht verlängert werden: In deinem Wallet fehlt Guthaben`,
    subscription_ending: (f) =>
      `Dein Abo bei ${f.creator || f.actor || 'einem Creator'} endet bald`,
    payout_paid: (_f, money) => `Deine Auszahlung von ${money} wurde überwiesen`,
    payout_failed: (_f, money) => `Deine Auszahlung von ${money} ist fehlgeschlagen`,
    verification_decided: (f) =>
      f.outcome === 'approved'
        ? 'Deine Identität ist bestätigt'
        : f.outcome === 'rejected'
          ? 'Deine Identität konnte nicht bestätigt werden'
          : 'Deine Identitätsprüfung hat ein Ergebnis',
    security_sign_in: () => 'Neue Anmeldung in deinem Konto',
    security_password_changed: () => 'Dein Passwort wurde geändert',
    security_email_changed: () => 'Deine E-Mail-Adresse wurde geändert',
    copyright_notice: (f) =>
      f.outcome === 'restored'
        ? 'Deine Story ist nach deiner Gegendarstellung zurück'
        : f.outcome === 'rejected'
          ? 'Eine Urheberrechtsmeldung gegen deine Story wurde abgelehnt: Sie ist zurück'
          : 'Deine Story wurde nach einer Urheberrechtsmeldung entfernt',
    appeal_decided: (f) =>
      f.outcome === 'granted'
        ? 'Deinem Einspruch wurde stattgegeben'
        : 'Dein Einspruch wurde abgelehnt',
    report_resolved: (f) =>
      f.outcome === 'actioned'
        ? 'Wir sind deiner Meldung nachgegangen. Danke'
        : 'Wir haben deine Meldung geprüft und keinen Verstoß gefunden',
    moderation_notice: (f) =>
      withExcerpt(
        moderationNoticeDe[f.outcome ?? ''] ?? 'Die Moderation hat über dein Konto entschieden',
        f,
        '„',
        '“',
      ),
  },
};

/** The digest's heading over each type's lines. */
export const TYPE_HEADINGS: Record<MailLanguage, Record<NotificationType, string>> = {
  en: {
    story_posted: 'New stories',
    stream_started: 'Live streams',
    direct_message: 'Direct messages',
    channel_post: 'Channel posts',
    tip_received: 'Tips received',
    tip_requested: 'Tip requests',
    story_purchased: 'Story purchases',
    subscriber_new: 'New subscribers',
    renewal_failed: 'Failed renewals',
    subscription_ending: 'Subscriptions ending',
    payout_paid: 'Payouts paid',
    payout_failed: 'Payouts failed',
    verification_decided: 'Identity verification',
    security_sign_in: 'New sign-ins',
    security_password_changed: 'Password changed',
    security_email_changed: 'Email address changed',
    copyright_notice: 'Copyright notices',
    appeal_decided: 'Appeals',
    report_resolved: 'Your reports',
    moderation_notice: 'Moderation decisions',
  },
  de: {
    story_posted: 'Neue Storys',
    stream_started: 'Livestreams',
    direct_message: 'Direktnachrichten',
    channel_post: 'Kanal-Beiträge',
    tip_received: 'Erhaltenes Trinkgeld',
    tip_requested: 'Trinkgeld-Anfragen',
    story_purchased: 'Story-Käufe',
    subscriber_new: 'Neue Abonnenten',
    renewal_failed: 'Fehlgeschlagene Verlängerungen',
    subscription_ending: 'Endende Abos',
    payout_paid: 'Überwiesene Auszahlungen',
    payout_failed: 'Fehlgeschlagene Auszahlungen',
    verification_decided: 'Identitätsprüfung',
    security_sign_in: 'Neue Anmeldungen',
    security_password_changed: 'Passwort geändert',
    security_email_changed: 'E-Mail-Adresse geändert',
    copyright_notice: 'Urheberrechtsmeldungen',
    appeal_decided: 'Einsprüche',
    report_resolved: 'Deine Meldungen',
    moderation_notice: 'Entscheidungen der Moderation',
  },
};

/** One line in the recipient's language: "Anna and 3 others subscribed to you". */
export function notificationLine(
  facts: NotificationLineFacts,
  currency: string,
  language: MailLanguage,
): string {
  return LINES[language][facts.type](facts, formatAmount(facts.amount, currency, language));
}
