import { NOTIFICATION_TYPES, type NotificationType } from '@glimpse/contract';
import { eq } from 'drizzle-orm';
import { notificationPreferences, users } from '../../../db/schema/index.ts';
import type { AppContext } from '../../../platform/context.ts';
import { inTransaction } from '../../../platform/db/transaction.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { readUnsubscribeToken } from '../../mail/index.ts';
import { preferenceOf } from '../notification-preferences.ts';
import { dropPendingEmail } from './notification-mail.repository.ts';

export type UnsubscribeTopic = NotificationType | 'digest';

const isTopic = (topic: string): topic is UnsubscribeTopic =>
  topic === 'digest' || (NOTIFICATION_TYPES as readonly string[]).includes(topic);

/**
 * A mailed one-click unsubscribe (RFC 8058), without a session: the token (signed with the
 * server secret, features/mail/unsubscribe-token.ts) names the user and what to turn off. A
 * type's mail turns that type's email off; the digest's turns off email for every type the
 * user has in the digest (each becomes 'off', so nothing mails in its place; the settings screen
 * can set any back). Pending mails of those types are dropped. Repeating it changes nothing.
 */
export async function unsubscribeByToken(
  ctx: Pick<AppContext, 'db' | 'config'>,
  token: string,
): Promise<{ type: UnsubscribeTopic }> {
  const named = readUnsubscribeToken(ctx.config.secret, token);
  if (!named || !isTopic(named.topic)) throw new AppError('token_invalid');
  const { userId, topic } = named;
  await inTransaction(ctx.db, async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw new AppError('token_invalid');
    const types: NotificationType[] = [];
    for (const type of topic === 'digest' ? NOTIFICATION_TYPES : [topic]) {
      const preference = await preferenceOf(tx, userId, type);
      if (topic === 'digest' && preference.email !== 'digest') continue;
      await emailOff(tx, userId, type, preference);
      types.push(type);
    }
    await dropPendingEmail(tx, userId, types);
  });
  return { type: topic };
}

async function emailOff(
  tx: Tx,
  userId: number,
  type: NotificationType,
  preference: { in_app: boolean; push: boolean },
): Promise<void> {
  await tx
    .insert(notificationPreferences)
    .values({ userId, type, inApp: preference.in_app, push: preference.push, email: 'off' })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.type],
      set: { email: 'off' },
    });
}
