import { subjectPath } from '../notification-links.ts';
import type { MailLine } from './notification-mail.repository.ts';

/**
 * What a mail needs to say about one line (the mail feature writes the text in the recipient's
 * language when it sends): who, how many others, the figures, and the app path it opens, the
 * same path the in-app list links to.
 */
export function lineFacts(line: MailLine) {
  const { amount, outcome, creator_name: creator, excerpt } = line.data;
  return {
    actor: line.actorName ?? '',
    others: Math.max(0, line.actorCount - 1),
    ...(typeof amount === 'number' ? { amount } : {}),
    ...(typeof outcome === 'string' ? { outcome } : {}),
    ...(typeof creator === 'string' ? { creator } : {}),
    ...(typeof excerpt === 'string' ? { excerpt } : {}),
    path: subjectPath(line.subject, line.actorSlug),
  };
}
