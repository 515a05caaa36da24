import type { NotificationType } from '@glimpse/contract';

export type PushLanguage = 'en' | 'de';

/** What one line's push says about it. */
export interface PushFacts {
  type: NotificationType;
  /** Who did it; empty for the system or an account that is gone. */
  actor: string;
  /** Besides the actor, how many others ("Anna and 3 others"). */
  others: number;
  /** A formatted amount, for money lines. */
  money: string;
  /** verification_decided: approved | rejected. */
  outcome: string;
  /** The creator a subscription line is about. */
  creator: string;
  /** What a taken-down item said, cut short (moderation_notice); empty when it had no text. */
  excerpt?: string;
}

type Text = (f: PushFacts, who: string) => string;

/** A decision's text, with the item's own words after it when the line has them. */
const withExcerpt = (text: string, f: PushFacts, open: string, close: string) =>
  f.excerpt ? `${text}: ${open}${f.excerpt}${close}` : text;

/** moderation_notice's outcome is the moderator's action. */
const MODERATION_EN: Record<string, string> = {
  take_down: 'Your content was removed for breaking our rules',
  warn: 'You received a warning from our moderators',
  suspend: 'Your account was suspended',
  unsuspend: 'Your account is no longer suspended',
  hold_payouts: 'Your payouts are on hold',
  release_payouts: 'Your payouts are no longer on hold',
};
const MODERATION_DE: Record<string, string> = {
  take_down: 'Dein Inhalt wurde wegen eines Regelverstoßes entfernt',
  warn: 'Du hast eine Verwarnung der Moderation erhalten',
  suspend: 'Dein Konto wurde gesperrt',
  unsuspend: 'Dein Konto ist nicht mehr gesperrt',
  hold_payouts: 'Deine Auszahlungen sind angehalten',
  release_payouts: 'Deine Auszahlungen sind nicht mehr angehalten',
};
type Texts = Record<NotificationType, [title: string, body: Text]>;

const whoEn = (f: PushFacts) => {
  const name = f.actor || 'Someone';
  return f.others > 0 ? `${name} and ${f.others} ${f.others === 1 ? 'other' : 'others'}` : name;
};
const whoDe = (f: PushFacts) => {
  const name = f.actor || 'Jemand';
  return f.others > 0
    ? `${name} und ${f.others} ${f.others === 1 ? 'weitere Person' : 'weitere Personen'}`
    : name;
};
/** German verbs agree with one or many actors. */
const de = (f: PushFacts, one: string, many: string) => (f.others > 0 ? many : one);

/**
 * The push's title (what kind of event) and body (who did what), per type, in English and
 * German. Short: a phone shows a line or two of it.
 */
const TEXTS: Record<PushLanguage, Texts> = {
  en: {
    story_posted: ['New story', (_f, who) => `${who} posted a new story`],
    stream_started: ['Live now', (_f, who) => `${who} is live now`],
    direct_message: ['New message', (_f, who) => `${who} sent you a message`],
    channel_post: ['Channel post', (_f, who) => `${who} posted in a channel`],
    tip_received: ['Tip received', (f, who) => `${who} sent you a tip of ${f.money}`],
    tip_requested: ['Tip request', (f, who) => `${who} asks you for a tip of ${f.money}`],
    story_purchased: ['Story purchased', (_f, who) => `${who} bought your story`],
    subscriber_new: ['New subscriber', (_f, who) => `${who} subscribed to you`],
    renewal_failed: [
      'Renewal failed',
      (f) => `Your subscription to ${f.creator || 'a creator'} could not be renewed`,
    ],
    subscription_ending: [
      'Subscription ending',
      (f) => `Your subscription to ${f.creator || 'a creator'} ends soon`,
    ],
    payout_paid: ['Payout paid', (f) => `Your payout of ${f.money} was paid`],
    payout_failed: ['Payout failed', (f) => `Your payout of ${f.money} failed`],
    verification_decided: [
      'Identity verification',
      (f) =>
        f.outcome === 'approved'
          ? 'Your identity is verified'
          : 'Your identity verification has a result',
    ],
    security_sign_in: ['New sign-in', () => 'Someone signed in to your account'],
    security_password_changed: ['Password changed', () => 'Your password was changed'],
    security_email_changed: ['Email changed', () => 'Your email address was changed'],
    copyright_notice: [
      'Copyright notice',
      (f) =>
        f.outcome === 'taken_down'
          ? 'Your story was taken down after a copyright notice'
          : 'Your story is back',
    ],
    appeal_decided: [
      'Appeal decided',
      (f) => (f.outcome === 'granted' ? 'Your appeal was granted' : 'Your appeal was denied'),
    ],
    report_resolved: [
      'Your report',
      (f) =>
        f.outcome === 'actioned'
          ? 'We acted on your report. Thank you'
          : 'We reviewed your report and found no violation',
    ],
    moderation_notice: [
      'Moderation',
      (f) =>
        withExcerpt(
          MODERATION_EN[f.outcome] ?? 'Moderation made a decision about your account',
          f,
          '“',
          '”',
        ),
    ],
  },
  de: {
    story_posted: [
      'Neue Story',
      (f, who) => `${who} ${de(f, 'hat eine neue Story', 'haben neue Storys')} gepostet`,
    ],
    stream_started: ['Jetzt live', (f, who) => `${who} ${de(f, 'ist', 'sind')} jetzt live`],
    direct_message: [
      'Neue Nachricht',
      (f, who) => `${who} ${de(f, 'hat', 'haben')} dir eine Nachricht geschickt`,
    ],
    channel_post: [
      'Kanal-Beitrag',
      (f, who) => `${who} ${de(f, 'hat', 'haben')} in einem Kanal gepostet`,
    ],
    tip_received: [
      'Trinkgeld erhalten',
      (f, who) => `${who} ${de(f, 'hat', 'haben')} dir ${f.money} Trinkgeld geschickt`,
    ],
    tip_requested: [
      'Trinkgeld-Anfrage',
      (f, who) => `${who} ${de(f, 'bittet', 'bitten')} dich um ${f.money} Trinkgeld`,
    ],
    story_purchased: [
      'Story gekauft',
      (f, who) => `${who} ${de(f, 'hat', 'haben')} deine Story gekauft`,
    ],
    subscriber_new: [
      'Neuer Abonnent',
      (f, who) => `${who} ${de(f, 'hat', 'haben')} dich abonniert`,
    ],
    renewal_failed: [
      'Verlängerung fehlgeschlagen',
      (f) => `Dein Abo bei ${f.creator || 'einem Creator'} konnte nicht verlängert werden`,
    ],
    subscription_ending: [
      'Abo endet',
      (f) => `Dein Abo bei ${f.creator || 'einem Creator'} endet bald`,
    ],
    payout_paid: [
      'Auszahlung überwiesen',
      (f) => `Deine Auszahlung von ${f.money} wurde überwiesen`,
    ],
    payout_failed: [
      'Auszahlung fehlgeschlagen',
      (f) => `Deine Auszahlung von ${f.money} ist fehlgeschlagen`,
    ],
    verification_decided: [
      'Identitätsprüfung',
      (f) =>
        f.outcome === 'approved'
          ? 'Deine Identität ist bestätigt'
          : 'Deine Identitätsprüfung hat ein Ergebnis',
    ],
    security_sign_in: ['Neue Anmeldung', () => 'Jemand hat sich in deinem Konto angemeldet'],
    security_password_changed: ['Passwort geändert', () => 'Dein Passwort wurde geändert'],
    security_email_changed: ['E-Mail geändert', () => 'Deine E-Mail-Adresse wurde geändert'],
    copyright_notice: [
      'Urheberrechtsmeldung',
      (f) =>
        f.outcome === 'taken_down'
          ? 'Deine Story wurde nach einer Urheberrechtsmeldung entfernt'
          : 'Deine Story ist zurück',
    ],
    appeal_decided: [
      'Einspruch entschieden',
      (f) =>
        f.outcome === 'granted'
          ? 'Deinem Einspruch wurde stattgegeben'
          : 'Dein Einspruch wurde abgelehnt',
    ],
    report_resolved: [
      'Deine Meldung',
      (f) =>
        f.outcome === 'actioned'
          ? 'Wir sind deiner Meldung nachgegangen. Danke'
          : 'Wir haben deine Meldung geprüft und keinen Verstoß gefunden',
    ],
    moderation_notice: [
      'Moderation',
      (f) =>
        withExcerpt(
          MODERATION_DE[f.outcome] ?? 'Die Moderation hat über dein Konto entschieden',
          f,
          '„',
          '“',
        ),
    ],
  },
};

/** The title and body of a line's push in the recipient's language. */
export function pushText(
  facts: PushFacts,
  language: PushLanguage,
): { title: string; body: string } {
  const [title, body] = TEXTS[language][facts.type];
  return { title, body: body(facts, language === 'de' ? whoDe(facts) : whoEn(facts)) };
}

/** An amount in the platform's currency, written the recipient's way. */
export function formatMoney(amount: unknown, currency: string, language: PushLanguage): string {
  if (typeof amount !== 'number') return '';
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount);
  } catch {
    return amount.toFixed(2);
  }
}
