import { and, eq } from 'drizzle-orm';
import {
  mails,
  notificationPreferences,
  notifications,
  notificationSettings,
  users,
} from '../../../../db/schema/index.ts';
import { inTransaction } from '../../../../platform/db/transaction.ts';
import type { TestServer } from '../../../../test/harness.ts';
import type { ParsedMail } from '../../../../test/smtp-sink.ts';
import { insertUser } from '../../../mail/test/mail-fixtures.ts';
import { notify, type NotificationInput } from '../../notify.service.ts';

/** Tests only: people with confirmed addresses, events notified directly, what was mailed. */

export async function mailedUser(server: TestServer, language: 'en' | 'de' = 'en') {
  const user = await insertUser(server, language);
  await server.ctx.db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(eq(users.id, user.id));
  const [row] = await server.ctx.db
    .select({ slug: users.slug })
    .from(users)
    .where(eq(users.id, user.id));
  return { ...user, slug: row!.slug };
}

/** An event notified in a transaction of its own, as the feature where it happens does. */
export function notifyNow(server: TestServer, input: NotificationInput): Promise<number | null> {
  return inTransaction(server.ctx.db, (tx, effects) => notify(server.ctx, tx, effects, input));
}

export async function lineOf(server: TestServer, id: number) {
  const [row] = await server.ctx.db.select().from(notifications).where(eq(notifications.id, id));
  return row!;
}

/** The mails rows written for a user with `template`: how many went, whatever the transport did. */
export async function mailsOf(server: TestServer, userId: number, template: string) {
  return server.ctx.db
    .select()
    .from(mails)
    .where(and(eq(mails.userId, userId), eq(mails.template, template)));
}

export async function emailModeOf(server: TestServer, userId: number, type: string) {
  const [row] = await server.ctx.db
    .select({ email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.userId, userId),
        eq(notificationPreferences.type, type as never),
      ),
    );
  return row?.email;
}

export async function setTimeZone(server: TestServer, userId: number, timeZone: string) {
  await server.ctx.db
    .insert(notificationSettings)
    .values({ userId, timeZone })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { timeZone } });
}

export async function lastDigestOf(server: TestServer, userId: number) {
  const [row] = await server.ctx.db
    .select({ at: notificationSettings.lastDigestAt })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row?.at ?? null;
}

/** A raw header of a received mail ("List-Unsubscribe"), as written. */
export function headerOf(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line?.slice(line.indexOf(':') + 1).trim();
}

/** The one-click URL's path and token from List-Unsubscribe: `<https://host/api/...>`. */
export function oneClickPath(mail: ParsedMail): string {
  const url = /^<([^>]+)>$/.exec(headerOf(mail, 'List-Unsubscribe') ?? '')?.[1];
  if (!url) throw new Error('no List-Unsubscribe header');
  return new URL(url).pathname;
}

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
