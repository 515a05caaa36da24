import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/database.ts';
import type { EffectQueue } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { hashMailedToken, mailedToken, queueMail, type MailTemplate } from '../mail/index.ts';
import * as repo from './account-tokens.repository.ts';
import type { AccountTokenPurpose, AccountTokenRow } from './account-tokens.repository.ts';

export type { AccountTokenPurpose, AccountTokenRow };

/** How long a mailed link works: an address's confirmation 2 days, a password reset 30 minutes. */
export const TOKEN_TTL_MS: Record<AccountTokenPurpose, number> = {
  email_verify: 2 * 24 * 60 * 60 * 1000,
  email_change: 2 * 24 * 60 * 60 * 1000,
  password_reset: 30 * 60 * 1000,
};

export interface MailedLink {
  userId: number;
  purpose: AccountTokenPurpose;
  /** Where the mail goes: the account's address, or the new one being confirmed. */
  to: string;
  template: MailTemplate;
  /** The template's own (a name, the new address); the link's lifetime is added here. */
  params?: Record<string, string>;
  newEmail?: string;
}

/**
 * Writes a single-use link and the mail that carries it, in the caller's transaction: the row,
 * then the hash of the token derived from its id (features/mail derives the same token again
 * when it writes the mail), so neither the table nor the outbox ever holds the token itself.
 */
export async function mailLink(
  ctx: AppContext,
  tx: Tx,
  effects: EffectQueue,
  link: MailedLink,
): Promise<void> {
  const id = await repo.insertAccountToken(tx, {
    userId: link.userId,
    purpose: link.purpose,
    expiresAt: new Date(Date.now() + TOKEN_TTL_MS[link.purpose]),
    ...(link.newEmail === undefined ? {} : { newEmail: link.newEmail }),
  });
  await repo.setTokenHash(tx, id, hashMailedToken(mailedToken(ctx.config.secret, id)));
  await queueMail(tx, effects, {
    userId: link.userId,
    to: link.to,
    template: link.template,
    params: { ...link.params, expires_minutes: TOKEN_TTL_MS[link.purpose] / 60_000 },
    accountTokenId: id,
  });
}

/**
 * The link's row if it may still be used for one of `purposes`: unknown, used, replaced and
 * other purposes' tokens answer token_invalid, late ones token_expired. Without `tx` it only
 * looks (to refuse a dead link before costly work); with it, it takes the row under lock and
 * marks it used, so of two requests with one link only the first succeeds.
 */
export async function redeemToken(
  db: Tx | AppContext['db'],
  token: string,
  purposes: AccountTokenPurpose[],
  options: { consume: boolean },
): Promise<AccountTokenRow> {
  const row = await repo.findTokenByHash(db, hashMailedToken(token), { lock: options.consume });
  if (!row || !purposes.includes(row.purpose) || row.usedAt !== null) {
    throw new AppError('token_invalid');
  }
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError('token_expired');
  if (options.consume) await repo.markTokenUsed(db, row.id);
  return row;
}
