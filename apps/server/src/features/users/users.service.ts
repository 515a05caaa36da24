import type { Companion, CurrentUser, PublicProfile, UpdateProfileBody } from '@glimpse/contract';
import { AGE_MIN, toCents } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { AppError, fieldError } from '../../platform/errors/app-error.ts';
import { countryExists, findSubCategories } from '../reference/reference.service.ts';
import { ageOn } from './age.ts';
import { slugBase, slugWithSuffix } from './slug.ts';
import * as repo from './users.repository.ts';
import type { NewUserRow, UserRow } from './users.repository.ts';
import { presentCompanion, presentCurrentUser, presentPublicProfile } from './users.presenter.ts';

export async function requireUser(db: DbOrTx, id: number): Promise<UserRow> {
  const user = await repo.findUserById(db, id);
  if (!user) throw new AppError('user_not_found');
  return user;
}

export async function getCurrentUser(ctx: AppContext, userId: number): Promise<CurrentUser> {
  const found = await repo.findCurrentUser(ctx.db, userId);
  if (!found) throw new AppError('user_not_found');
  // The wallet ledger arrives with money; until then no account can hold a balance.
  return presentCurrentUser(found.user, { ...found, balanceCents: 0 }, ctx.mediaSigner);
}

export async function getCompanion(
  ctx: AppContext,
  viewerId: number,
  userId: number,
): Promise<Companion> {
  const user = await requireUser(ctx.db, userId);
  // Stories arrive with the stories capability; until then nobody has any.
  return presentCompanion(
    user,
    { hasStories: false, hasNotWatchedStories: false },
    viewerId,
    ctx.mediaSigner,
  );
}

export async function getProfileBySlug(
  ctx: AppContext,
  viewerId: number,
  slug: string,
): Promise<PublicProfile> {
  const found = await repo.findProfileBySlug(ctx.db, slug, viewerId);
  if (!found) throw new AppError('user_not_found');
  return presentPublicProfile(found.user, found, viewerId, ctx.mediaSigner);
}

export function assertAdult(birthdate: string, field = 'birthdate'): void {
  if (ageOn(birthdate) < AGE_MIN) {
    throw new AppError('underage', { errors: { [field]: ['underage'] } });
  }
}

export async function assertCountry(db: DbOrTx, code: string): Promise<void> {
  if (!(await countryExists(db, code))) {
    throw new AppError('unknown_country', { errors: { country_code: ['unknown_country'] } });
  }
}

/** Sub-category ids -> rows, refusing unknown ids and two choices under one parent. */
async function resolveCategoryChoice(db: DbOrTx, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await findSubCategories(db, unique);
  if (rows.length !== unique.length)
    throw new AppError('invalid_category', { errors: { userCategories: ['category_unknown'] } });
  const parents = new Set(rows.map((row) => row.categoryId));
  if (parents.size !== rows.length) {
    throw new AppError('invalid_category', {
      errors: { userCategories: ['category_one_per_parent'] },
    });
  }
  return rows.map((row) => ({ categoryId: row.categoryId, subCategoryId: row.id }));
}

export async function updateProfile(
  ctx: AppContext,
  userId: number,
  body: UpdateProfileBody,
): Promise<CurrentUser> {
  if (body.birthdate !== undefined) assertAdult(body.birthdate);
  if (body.country_code !== undefined) await assertCountry(ctx.db, body.country_code);
  const bundles = body.bundles;
  if (bundles && new Set(bundles.map((b) => b.period)).size !== bundles.length) {
    throw fieldError('bundles', 'duplicate_period');
  }
  const categories =
    body.userCategories === undefined
      ? undefined
      : await resolveCategoryChoice(ctx.db, body.userCategories);

  const patch: Partial<NewUserRow> = {
    name: body.name,
    bio: body.bio,
    sex: body.sex,
    birthdate: body.birthdate,
    countryCode: body.country_code,
    benefitsList: body.benefits_list,
    bundles,
    directMessageTurnOff: body.directMessageTurnOff,
    onHolidayMood: body.on_holiday_mood,
  };
  if (body.subscribePrice !== undefined) {
    patch.subscribePriceCents = body.subscribePrice === null ? null : toCents(body.subscribePrice);
  }
  if (body.directMessagePrice !== undefined) {
    patch.directMessagePriceCents =
      body.directMessagePrice === null ? null : toCents(body.directMessagePrice);
  }
  await inTransaction(ctx.db, async (tx) => {
    await repo.updateUser(tx, userId, patch);
    if (categories) await repo.replaceChosenCategories(tx, userId, categories);
  });
  return getCurrentUser(ctx, userId);
}

export async function clearGuide(ctx: AppContext, userId: number): Promise<void> {
  await repo.updateUser(ctx.db, userId, { guide: false });
}

/** Record-level operations other features (auth, media, demo) use instead of the repository. */
export const findUserById = repo.findUserById;
export const findUserByEmail = repo.findUserByEmail;
export const updateUserRecord = repo.updateUser;
export const lockUser = repo.lockUser;
export const setAvatarThumbIfCurrent = repo.setAvatarThumbIfCurrent;
export const setChosenCategories = repo.replaceChosenCategories;
export const hasActiveSubscription = repo.hasActiveSubscription;
export type { UserRow, NewUserRow };

/** A readable slug from the name, with a random suffix only when the plain one is taken. */
export async function uniqueSlug(db: DbOrTx, name: string): Promise<string> {
  const base = slugBase(name);
  if (!(await repo.slugExists(db, base))) return base;
  for (;;) {
    const candidate = slugWithSuffix(base);
    if (!(await repo.slugExists(db, candidate))) return candidate;
  }
}

/** Inserts a user with a fresh unique slug. */
export async function createUserRecord(
  db: DbOrTx,
  row: Omit<NewUserRow, 'slug'>,
): Promise<UserRow> {
  return repo.insertUser(db, { ...row, slug: await uniqueSlug(db, row.name) });
}
