import type { AppContext } from '../../platform/context.ts';
import type { Mailer } from './outgoing-mail.ts';
import { findMail, markMailSent } from './mails.repository.ts';
import { renderMail } from './render-mail.ts';

/** The Message-ID of mail `id`: the same on every attempt, so a repeated send shows as one. */
export function mailMessageId(id: number, publicUrl: string): string {
  return `<mail-${id}@${new URL(publicUrl).hostname}>`;
}

/**
 * The `mail.send` job: renders the mail now (the recipient's language of today) and hands it to
 * the transport once. A mail already sent is skipped; sent_at is set only after the transport
 * took it, so a crash in between sends it again with the same Message-ID (at least once,
 * docs/decisions.md). A transport failure throws and pg-boss retries. Logs the id and template
 * only: never an address, a link or a body.
 */
export async function sendQueuedMail(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  mailer: Mailer,
  payload: { mailId: number },
): Promise<void> {
  const mail = await findMail(ctx.db, payload.mailId);
  if (!mail || mail.sentAt) return;
  const rendered = renderMail(mail, ctx.config);
  if (!rendered) {
    ctx.log.warn({ mailId: mail.id, template: mail.template }, 'mail cannot be written; not sent');
    return;
  }
  const messageId = mailMessageId(mail.id, ctx.config.publicUrl);
  await mailer.send({
    id: mail.id,
    from: ctx.config.mailFrom,
    to: mail.toAddress,
    messageId,
    date: mail.createdAt,
    ...rendered,
  });
  await markMailSent(ctx.db, mail.id, messageId);
  ctx.log.info({ mailId: mail.id, template: mail.template }, 'mail sent');
}
