/**
 * The mail feature's public face: queue a mail in a transaction (sent from the outbox by the
 * `mail.send` job), the tokens of mailed links, and for the composition root the job and the
 * development mailbox.
 */
import type { AppContext } from '../../platform/context.ts';
import { createMailer } from './mailer.ts';
import { sendQueuedMail } from './mail-send.job.ts';

export type { MailTemplate, MailToQueue } from './mail-types.ts';
export { queueMail } from './mail-queue.service.ts';
export { claimantToken, hashMailedToken, mailedToken } from './mail-token.ts';
export { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token.ts';
export type { DigestGroup } from './templates/notification-digest.ts';
// For the composition root: the development mailbox (/dev/mailbox).
export { mailRoutes } from './dev-mailbox.routes.ts';

/** Mail's job: rendering and sending a queued mail through SMTP or the file mailer. */
export function registerMailJobs(ctx: AppContext): void {
  const mailer = createMailer(ctx.config);
  ctx.jobs.register('mail.send', (payload) => sendQueuedMail(ctx, mailer, payload));
}
