import type { MailLanguage } from '../mail-types.ts';
import { greeting } from './greeting.ts';
import {
  isNotificationType,
  notificationLine,
  TYPE_HEADINGS,
  type NotificationLineFacts,
} from './notification-texts.ts';
import type { MailContent, MailTemplateDefinition, TemplateParams } from './template.ts';

/**
 * One notification at once (features/notifications/email). Params: `name`, `type`, `actor`,
 * `others`, `amount`, `currency`, `outcome`, `creator`, `excerpt` (a taken-down item's text),
 * `path` (the app path the button opens),
 * `unsubscribe` (the type; the footer and List-Unsubscribe turn that type's email off).
 */
export function lineFacts(params: TemplateParams): NotificationLineFacts | undefined {
  const type = params.text('type');
  if (!isNotificationType(type)) return undefined;
  const outcome = params.text('outcome');
  const creator = params.text('creator');
  const excerpt = params.text('excerpt');
  return {
    type,
    actor: params.text('actor'),
    others: params.number('others') ?? 0,
    amount: params.number('amount'),
    ...(outcome ? { outcome } : {}),
    ...(creator ? { creator } : {}),
    ...(excerpt ? { excerpt } : {}),
  };
}

const WORDS = {
  en: {
    fallback: 'You have a new notification on Glimpse',
    action: 'Open in Glimpse',
    why: (kind: string) =>
      `You get this email at once for “${kind}”. You can change that in your notification settings, or turn these emails off with the link below.`,
  },
  de: {
    fallback: 'Du hast eine neue Benachrichtigung auf Glimpse',
    action: 'In Glimpse öffnen',
    why: (kind: string) =>
      `Du bekommst diese E-Mail sofort für „${kind}“. Das kannst du in deinen Benachrichtigungseinstellungen ändern oder diese E-Mails mit dem Link unten abbestellen.`,
  },
} as const;

function content(language: MailLanguage, params: TemplateParams): MailContent {
  const facts = lineFacts(params);
  const words = WORDS[language];
  const line = facts
    ? notificationLine(facts, params.text('currency') || 'USD', language)
    : words.fallback;
  return {
    subject: line,
    heading: line,
    intro: [greeting(language, params)],
    action: words.action,
    outro: facts ? [words.why(TYPE_HEADINGS[language][facts.type])] : [],
  };
}

export const notificationMail: MailTemplateDefinition = {
  paramPath: true,
  content: {
    en: (params) => content('en', params),
    de: (params) => content('de', params),
  },
};
