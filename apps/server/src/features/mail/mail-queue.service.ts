import type { Tx } from '../../platform/db/database.ts';
import type { EffectQueue } from '../../platform/db/transaction.ts';
import type { MailToQueue } from './mail-types.ts';
import { insertMail } from './mails.repository.ts';

/**
 * Writes the mail and queues `mail.send` through the outbox, both in the caller's transaction:
 * a change that rolls back sends nothing, one that commits sends its mail even across a crash.
 * The mail is rendered when it is sent (its language is the recipient's at that time).
 * Returns the mail id.
 */
export async function queueMail(tx: Tx, effects: EffectQueue, mail: MailToQueue): Promise<number> {
  const mailId = await insertMail(tx, {
    userId: mail.userId,
    toAddress: mail.to,
    template: mail.template,
    params: mail.params ?? {},
    accountTokenId: mail.accountTokenId ?? null,
  });
  effects.enqueue('mail.send', { mailId });
  return mailId;
}
