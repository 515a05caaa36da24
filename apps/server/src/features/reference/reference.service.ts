import type { Country, Tag, UserCategory } from '@glimpse/contract';
import { ALL_COUNTRIES_CODE, categoriesForSex } from '@glimpse/contract';
import type { DbContext } from '../../platform/context.ts';
import * as repo from './reference.repository.ts';
import type { Gender } from './reference.repository.ts';
import { presentTag, presentUserCategory } from './reference.presenter.ts';

/** Countries with the All entry first (id 0: it is not a country, it means "no filter"). */
export async function getCountries(ctx: DbContext): Promise<Country[]> {
  const rows = await repo.listCountries(ctx.db);
  return [{ id: 0, name: 'All', code: ALL_COUNTRIES_CODE }, ...rows];
}

export async function getTags(ctx: DbContext, genders: Gender[]): Promise<Tag[]> {
  return (await repo.listTags(ctx.db, genders)).map(presentTag);
}

/** The parent categories that apply to `gender` (all without one), by the contract's rule. */
export async function getUserCategories(
  ctx: DbContext,
  gender: Gender | undefined,
): Promise<UserCategory[]> {
  const all = (await repo.listUserCategories(ctx.db)).map(presentUserCategory);
  return categoriesForSex(all, gender);
}

/** Whether `code` names a country of the list (the All entry is not one). */
export async function isKnownCountry(ctx: DbContext, code: string): Promise<boolean> {
  return repo.countryExists(ctx.db, code);
}

/** The parent category of each known sub-category id; unknown ids are left out. */
export async function parentsOfSubCategories(
  ctx: DbContext,
  ids: number[],
): Promise<Array<{ id: number; categoryId: number }>> {
  return repo.findSubCategories(ctx.db, ids);
}

/** Inserts the reference lists that are missing (every start; never touches existing rows). */
export async function ensureReferenceData(ctx: DbContext): Promise<void> {
  await repo.ensureReferenceData(ctx.db);
}
