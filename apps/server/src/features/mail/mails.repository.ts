import { and, eq, isNull } from 'drizzle-orm';
import { mails, users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import type { MailLanguage, MailParams, MailTemplate } from './mail-types.ts';

export interface MailRow {
  id: number;
  /** The recipient's account (null once it is gone): whose unsubscribe link the mail carries. */
  userId: number | null;
  toAddress: string;
  template: string;
  params: MailParams;
  accountTokenId: number | null;
  createdAt: Date;
  sentAt: Date | null;
  /** The recipient account's language; null when the mail has no account. */
  language: MailLanguage | null;
}

export async function insertMail(
  db: DbOrTx,
  row: {
    userId: number | null;
    toAddress: string;
    template: MailTemplate;
    params: MailParams;
    accountTokenId: number | null;
  },
): Promise<number> {
  const [inserted] = await db.insert(mails).values(row).returning({ id: mails.id });
  return inserted!.id;
}

/** The mail with its recipient's language, or undefined when it no longer exists. */
export async function findMail(db: DbOrTx, id: number): Promise<MailRow | undefined> {
  const [row] = await db
    .select({
      id: mails.id,
      userId: mails.userId,
      toAddress: mails.toAddress,
      template: mails.template,
      params: mails.params,
      accountTokenId: mails.accountTokenId,
      createdAt: mails.createdAt,
      sentAt: mails.sentAt,
      language: users.language,
    })
    .from(mails)
    .leftJoin(users, eq(users.id, mails.userId))
    .where(eq(mails.id, id));
  return row && { ...row, params: row.params as MailParams };
}

/** Records that the transport took the mail; a second run finds it sent and skips it. */
export async function markMailSent(db: DbOrTx, id: number, messageId: string): Promise<void> {
  await db
    .update(mails)
    .set({ sentAt: new Date(), messageId })
    .where(and(eq(mails.id, id), isNull(mails.sentAt)));
}
