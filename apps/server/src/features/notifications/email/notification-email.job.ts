import type { AppContext } from '../../../platform/context.ts';
import { inTransaction } from '../../../platform/db/transaction.ts';
import { queueMail } from '../../mail/index.ts';
import { preferenceOf } from '../notification-preferences.ts';
import { lineFacts } from './mail-line-params.ts';
import { lockLineForMail, markEmailed, setEmailDue } from './notification-mail.repository.ts';

/**
 * The `notifications.email` job (queued by notify() for a type mailed at once): queues the
 * line's mail through the mail feature and marks the line emailed in one transaction, with the
 * line locked, so a retried or repeated job queues none twice and a crash loses none (the mail
 * itself is sent from the outbox by `mail.send`).
 *
 * Sent even when the line was read in the app meanwhile: the job runs seconds after the event,
 * so reading first is a race, and the user chose this type's email at once (docs/decisions.md).
 * The user's preference is read again here: switched to the digest, the line waits for it;
 * switched off, it leaves the email channel.
 */
export async function sendNotificationEmail(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  payload: { notificationId: number },
): Promise<void> {
  await inTransaction(ctx.db, async (tx, effects) => {
    const line = await lockLineForMail(tx, payload.notificationId);
    if (!line || line.emailedAt || line.emailDue !== 'immediate') return;
    const mode = (await preferenceOf(tx, line.userId, line.type)).email;
    if (mode !== 'immediate') {
      await setEmailDue(tx, line.id, mode === 'off' ? null : mode);
      return;
    }
    const now = new Date();
    if (line.recipient.mailable) {
      await queueMail(tx, effects, {
        userId: line.userId,
        to: line.recipient.email,
        template: 'notification',
        params: {
          name: line.recipient.name,
          type: line.type,
          currency: ctx.config.currency,
          unsubscribe: line.type,
          ...lineFacts(line),
        },
      });
    }
    // Also without a mail (an unconfirmed address): the line is settled, never retried.
    await markEmailed(tx, [line.id], now);
  });
}
