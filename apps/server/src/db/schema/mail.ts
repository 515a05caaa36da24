import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accountTokens, users } from './users.ts';

/**
 * Every mail the service sends, written in the transaction of the change it follows; the
 * `mail.send` job (queued through the outbox) renders and sends it, and marks it sent, so a crash
 * neither loses a mail nor sends one twice. Rendered when sent, in the recipient's language.
 */
export const mails = pgTable(
  'mails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null for a mail to an address no account owns yet (none so far) or a deleted account. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    /** Which template (features/mail/templates). */
    template: text('template').notNull(),
    /** The template's parameters: never a password or a token in clear. */
    params: jsonb('params').notNull().default({}),
    /** The single-use link the mail carries, if any (its token is derived when it is written). */
    accountTokenId: integer('account_token_id').references(() => accountTokens.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The Message-ID the mail went out with, and when the transport took it. */
    messageId: text('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mails_user_idx').on(t.userId, t.createdAt)],
);
