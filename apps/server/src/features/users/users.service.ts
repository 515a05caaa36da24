import type {
  AccountLanguage,
  Companion,
  CurrentUser,
  PublicProfile,
  Sex,
  UpdateProfileBody,
} from '@glimpse/contract';
import { AGE_MIN, toCents } from '@glimpse/contract';
import type { AppContext, DbContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { AppError, fieldError } from '../../platform/errors/app-error.ts';
import { checkAccess, explainAccess, judgeProfile, requireAccess } from '../access/index.ts';
import { getUserCategories, isKnownCountry, parentsOfSubCategories } from '../reference/index.ts';
import { ageOn } from './age.ts';
import { assertMaySetPrices, isVerified } from './price-rules.ts';
import { requireUser } from './account.service.ts';
import * as repo from './users.repository.ts';
import type { NewUserRow } from './users.repository.ts';
import { presentCompanion, presentCurrentUser, presentPublicProfile } from './users.presenter.ts';

export async function getCurrentUser(ctx: AppContext, userId: number): Promise<CurrentUser> {
  const found = await repo.findCurrentUser(ctx.db, userId, ctx.config.currency);
  if (!found) throw new AppError('user_not_found');
  return presentCurrentUser(found.user, found, ctx.mediaSigner);
}

/**
 * What a companion card or a chat header shows about a creator's stories to one viewer: whether
 * there is a story group to open (ready public stories the viewer may see under `story.view`) and
 * whether the viewer has yet to watch one of them. One's own stories count as watched.
 */
export async function storyPresence(
  ctx: AppContext,
  viewerId: number,
  creatorId: number,
): Promise<{ hasStories: boolean; hasNotWatchedStories: boolean }> {
  const ready = await repo.readyStoriesWatchedBy(ctx.db, creatorId, viewerId);
  const visible = await checkAccess(
    ctx,
    viewerId,
    'story.view',
    ready.map((story) => story.id),
  );
  const shown = ready.filter((story) => visible.has(story.id));
  return {
    hasStories: shown.length > 0,
    hasNotWatchedStories: creatorId !== viewerId && shown.some((story) => !story.watched),
  };
}

export async function getCompanion(
  ctx: AppContext,
  viewerId: number,
  userId: number,
): Promise<Companion> {
  await requireAccess(ctx, viewerId, 'user.view', [userId]);
  const [user, stories, dm] = await Promise.all([
    requireUser(ctx, userId),
    storyPresence(ctx, viewerId, userId),
    explainAccess(ctx, viewerId, 'dm.send', userId),
  ]);
  // `dm.send`'s decision, which tells the block flag as well.
  const messaging = {
    blocked: dm.subject?.blockedByViewer ?? false,
    canSendMessages: dm.allowed,
  };
  return presentCompanion(user, { ...stories, ...messaging }, viewerId, ctx.mediaSigner);
}

export async function getProfileBySlug(
  ctx: AppContext,
  viewerId: number,
  slug: string,
): Promise<PublicProfile> {
  const found = await repo.findProfileBySlug(ctx.db, slug, viewerId);
  if (!found) throw new AppError('user_not_found');
  const { isBlocked, channelId } = judgeProfile(found.user, found.access, viewerId);
  const extras = { ...found, isFollowing: found.access.follows, isBlocked, channelId };
  return presentPublicProfile(found.user, extras, viewerId, ctx.mediaSigner);
}

export function assertAdult(birthdate: string, field = 'birthdate'): void {
  if (ageOn(birthdate) < AGE_MIN) {
    throw new AppError('underage', { errors: { [field]: ['underage'] } });
  }
}

export async function assertCountry(ctx: DbContext, code: string): Promise<void> {
  if (!(await isKnownCountry(ctx, code))) {
    throw new AppError('unknown_country', { errors: { country_code: ['unknown_country'] } });
  }
}

/** The ids of the parent categories that apply to `sex` (the contract's rule, via reference). */
async function applicableParentIds(ctx: DbContext, sex: Sex): Promise<number[]> {
  return (await getUserCategories(ctx, sex)).map((category) => category.id);
}

/**
 * Sub-category ids -> rows, refusing unknown ids, two choices under one parent and choices under
 * a parent that does not apply to the profile's sex (after this update).
 */
async function resolveCategoryChoice(ctx: DbContext, ids: number[], sex: Sex) {
  const unique = [...new Set(ids)];
  const rows = await parentsOfSubCategories(ctx, unique);
  if (rows.length !== unique.length)
    throw new AppError('invalid_category', { errors: { userCategories: ['category_unknown'] } });
  const parents = new Set(rows.map((row) => row.categoryId));
  if (parents.size !== rows.length) {
    throw new AppError('invalid_category', {
      errors: { userCategories: ['category_one_per_parent'] },
    });
  }
  const applicable = new Set(await applicableParentIds(ctx, sex));
  if (rows.some((row) => !applicable.has(row.categoryId))) {
    throw new AppError('invalid_category', {
      errors: { userCategories: ['category_not_for_sex'] },
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
  if (body.country_code !== undefined) await assertCountry(ctx, body.country_code);
  const blockedCountries =
    body.blockedCountries === undefined ? undefined : [...new Set(body.blockedCountries)].sort();
  for (const code of blockedCountries ?? []) {
    if (!(await isKnownCountry(ctx, code)))
      throw new AppError('unknown_country', { errors: { blockedCountries: ['unknown_country'] } });
  }
  const bundles = body.bundles;
  if (bundles && new Set(bundles.map((b) => b.period)).size !== bundles.length) {
    throw fieldError('bundles', 'duplicate_period');
  }
  const current = await requireUser(ctx, userId);
  assertMaySetPrices(
    { subscribePrice: body.subscribePrice, directMessagePrice: body.directMessagePrice },
    isVerified(current),
  );
  const sex = body.sex ?? current.sex;
  const categories =
    body.userCategories === undefined
      ? undefined
      : await resolveCategoryChoice(ctx, body.userCategories, sex);
  // A new sex without a new choice keeps only the choices that still apply (Beard goes when a
  // man's profile becomes a woman's); a new choice was checked against the new sex above.
  const keepParents =
    categories === undefined && sex !== current.sex
      ? await applicableParentIds(ctx, sex)
      : undefined;

  const patch: Partial<NewUserRow> = {
    name: body.name,
    bio: body.bio,
    sex: body.sex,
    birthdate: body.birthdate,
    countryCode: body.country_code,
    blockedCountries,
    benefitsList: body.benefits_list,
    bundles,
    directMessageTurnOff: body.directMessageTurnOff,
    // A message setting like turning messages off, not a price: anyone may choose it.
    directMessageSubscribersOnly: body.directMessageSubscribersOnly,
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
    if (keepParents) await repo.removeChosenCategoriesOutside(tx, userId, keepParents);
  });
  return getCurrentUser(ctx, userId);
}

/** The language the account's mails are written in (the web app sends its own on a change). */
export async function updateLanguage(
  ctx: AppContext,
  userId: number,
  language: AccountLanguage,
): Promise<void> {
  await repo.updateUser(ctx.db, userId, { language });
}

export async function clearGuide(ctx: AppContext, userId: number): Promise<void> {
  await repo.updateUser(ctx.db, userId, { guide: false });
}
