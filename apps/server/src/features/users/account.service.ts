import type { DbContext } from '../../platform/context.ts';
import { violatedUniqueIndex } from '../../platform/db/unique-violation.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { slugBase, slugWithSuffix } from './slug.ts';
import * as repo from './users.repository.ts';
import type { NewUserRow, UserRow } from './users.repository.ts';

/**
 * The user record as other features need it (sign-up and login, profile pictures, the demo
 * seed), asked for in this feature's words. Screens' shapes live in users.service.ts.
 */
export type { UserRow };

/** A new account's fields; the slug is made here from the name. */
export type NewAccount = Omit<NewUserRow, 'slug' | 'id'>;

export async function findUser(ctx: DbContext, id: number): Promise<UserRow | undefined> {
  return repo.findUserById(ctx.db, id);
}

export async function requireUser(ctx: DbContext, id: number): Promise<UserRow> {
  const user = await repo.findUserById(ctx.db, id);
  if (!user) throw new AppError('user_not_found');
  return user;
}

/** The account an e-mail address signs in to (addresses are stored lower-case). */
export async function findAccountByEmail(
  ctx: DbContext,
  email: string,
): Promise<UserRow | undefined> {
  return repo.findUserByEmail(ctx.db, email);
}

/** A readable slug from the name, with a random suffix only when the plain one is taken. */
async function uniqueSlug(ctx: DbContext, name: string): Promise<string> {
  const base = slugBase(name);
  if (!(await repo.slugExists(ctx.db, base))) return base;
  for (;;) {
    const candidate = slugWithSuffix(base);
    if (!(await repo.slugExists(ctx.db, candidate))) return candidate;
  }
}

/** Sign-ups with the same name racing for one slug: the loser retries with a random suffix. */
const SLUG_ATTEMPTS = 5;

/**
 * Inserts a user with a fresh unique slug. The unique indexes decide races: a taken slug is
 * retried with a suffix, a taken e-mail is the caller's to answer (`users_email_key`). Each
 * attempt runs in a savepoint when the caller passes a transaction (sign-up's, which also
 * queues the address's confirmation mail), so a refused insert leaves it usable for the retry.
 */
export async function createAccount(ctx: DbContext, account: NewAccount): Promise<UserRow> {
  let slug = await uniqueSlug(ctx, account.name);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await ctx.db.transaction((sp) => repo.insertUser(sp, { ...account, slug }));
    } catch (error) {
      if (violatedUniqueIndex(error) !== 'users_slug_key' || attempt >= SLUG_ATTEMPTS) throw error;
      slug = slugWithSuffix(slugBase(account.name));
    }
  }
}

/**
 * A new password hash (a change or a reset). A reset sets `confirmEmail`: its link reached the
 * address, which confirms it as the link of a confirmation mail would.
 */
export async function setPasswordHash(
  ctx: DbContext,
  userId: number,
  passwordHash: string,
  options: { confirmEmail?: boolean } = {},
): Promise<UserRow> {
  const user = await repo.lockUser(ctx.db, userId);
  if (!user) throw new AppError('user_not_found');
  return repo.updateUser(ctx.db, userId, {
    passwordHash,
    ...(options.confirmEmail && !user.emailVerifiedAt ? { emailVerifiedAt: new Date() } : {}),
  });
}

/** The address was confirmed by its link; a second confirmation keeps the first one's time. */
export async function markEmailVerified(ctx: DbContext, userId: number): Promise<UserRow> {
  const user = await repo.lockUser(ctx.db, userId);
  if (!user) throw new AppError('user_not_found');
  if (user.emailVerifiedAt) return user;
  return repo.updateUser(ctx.db, userId, { emailVerifiedAt: new Date() });
}

/**
 * Makes a confirmed new address the account's. The unique index decides whether another account
 * took it meanwhile (409 email_taken); the caller's transaction then rolls back.
 */
export async function changeAccountEmail(
  ctx: DbContext,
  userId: number,
  email: string,
): Promise<UserRow> {
  try {
    return await repo.updateUser(ctx.db, userId, { email, emailVerifiedAt: new Date() });
  } catch (error) {
    if (violatedUniqueIndex(error) === 'users_email_key')
      throw new AppError('email_taken', { errors: { email: ['email_taken'] } });
    throw error;
  }
}

/**
 * Makes `key` the user's profile picture inside the caller's transaction and answers the keys
 * it replaced. The old keys are read under the row lock, so two uploads racing each remove what
 * the other replaced and no blob is left behind.
 */
export async function swapAvatar(ctx: DbContext, userId: number, key: string): Promise<string[]> {
  const user = await repo.lockUser(ctx.db, userId);
  if (!user) throw new AppError('user_not_found');
  await repo.updateUser(ctx.db, userId, { avatarKey: key, avatarThumbKey: null });
  return [user.avatarKey, user.avatarThumbKey].filter((k): k is string => k !== null);
}

/** Attaches a thumbnail unless the avatar it was made from has been replaced meanwhile. */
export async function attachAvatarThumb(
  ctx: DbContext,
  userId: number,
  sourceKey: string,
  thumbKey: string,
): Promise<boolean> {
  return repo.setAvatarThumbIfCurrent(ctx.db, userId, sourceKey, thumbKey);
}

/** Replaces the user's chosen sub-categories; callers validate the choice first. */
export async function replaceCategories(
  ctx: DbContext,
  userId: number,
  choice: Array<{ categoryId: number; subCategoryId: number }>,
): Promise<void> {
  await repo.replaceChosenCategories(ctx.db, userId, choice);
}
