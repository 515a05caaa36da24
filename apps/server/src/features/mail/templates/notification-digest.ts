import type { MailLanguage } from '../mail-types.ts';
import { greeting } from './greeting.ts';
import {
  isNotificationType,
  notificationLine,
  TYPE_HEADINGS,
  type NotificationLineFacts,
} from './notification-texts.ts';
import type {
  MailContent,
  MailSection,
  MailTemplateDefinition,
  TemplateParams,
} from './template.ts';

/**
 * The daily digest (features/notifications/email): a user's lines of the day grouped by type.
 * Params: `name`, `currency`, `total` (lines in all), `groups` (JSON: the mail's params are
 * flat, a digest's lines are not), `unsubscribe` ('digest').
 */
export interface DigestGroup {
  type: string;
  /** How many lines of this type the digest covers; `lines` holds the first few. */
  total: number;
  lines: (Omit<NotificationLineFacts, 'type'> & { path: string })[];
}

const APP_PATH = /^\/(?![/\\])[^\s]*$/;

function groupsOf(params: TemplateParams): DigestGroup[] {
  try {
    const parsed: unknown = JSON.parse(params.text('groups') || '[]');
    return Array.isArray(parsed) ? (parsed as DigestGroup[]) : [];
  } catch {
    return [];
  }
}

const WORDS = {
  en: {
    subject: (n: number) =>
      n === 1
        ? 'Your Glimpse digest: 1 new notification'
        : `Your Glimpse digest: ${n} new notifications`,
    heading: 'What you missed',
    intro: 'Here is what happened on Glimpse since your last digest.',
    more: (n: number) => `and ${n} more`,
    action: 'See all notifications',
    why: 'You get this digest once a day for the kinds of notifications you set to “Daily digest”. Change that in your notification settings, or turn the digest off with the link below.',
  },
  de: {
    subject: (n: number) =>
      n === 1
        ? 'Deine Glimpse-Zusammenfassung: 1 neue Benachrichtigung'
        : `Deine Glimpse-Zusammenfassung: ${n} neue Benachrichtigungen`,
    heading: 'Was du verpasst hast',
    intro: 'Das ist seit deiner letzten Zusammenfassung auf Glimpse passiert.',
    more: (n: number) => `und ${n} weitere`,
    action: 'Alle Benachrichtigungen ansehen',
    why: 'Du bekommst diese Zusammenfassung einmal am Tag für die Benachrichtigungen, die du auf „Tägliche Zusammenfassung“ gestellt hast. Das kannst du in deinen Benachrichtigungseinstellungen ändern oder die Zusammenfassung mit dem Link unten abbestellen.',
  },
} as const;

function content(language: MailLanguage, params: TemplateParams): MailContent {
  const words = WORDS[language];
  const currency = params.text('currency') || 'USD';
  const sections: MailSection[] = [];
  for (const group of groupsOf(params)) {
    const type = group.type;
    if (!isNotificationType(type) || !Array.isArray(group.lines)) continue;
    const lines = group.lines.map((line) => ({
      text: notificationLine({ ...line, type }, currency, language),
      path: typeof line.path === 'string' && APP_PATH.test(line.path) ? line.path : '/',
    }));
    const more = Math.max(0, (Number(group.total) || 0) - lines.length);
    sections.push({
      heading: TYPE_HEADINGS[language][type],
      lines,
      ...(more > 0 ? { more: words.more(more) } : {}),
    });
  }
  return {
    subject: words.subject(params.number('total') ?? 0),
    heading: words.heading,
    intro: [greeting(language, params), words.intro],
    sections,
    action: words.action,
    outro: [words.why],
  };
}

export const notificationDigest: MailTemplateDefinition = {
  pagePath: '/notifications',
  content: {
    en: (params) => content('en', params),
    de: (params) => content('de', params),
  },
};
