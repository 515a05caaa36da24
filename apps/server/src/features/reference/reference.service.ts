import type { Country, Tag, UserCategory } from '@glimpse/contract';
import { ALL_COUNTRIES_CODE } from '@glimpse/contract';
import type { DbOrTx } from '../../platform/db/database.ts';
import * as repo from './reference.repository.ts';
import type { Gender } from './reference.repository.ts';

const bit = (value: boolean) => (value ? 1 : 0) as 0 | 1;

/** Countries with the All entry first (id 0: it is not a country, it means "no filter"). */
export async function getCountries(db: DbOrTx): Promise<Country[]> {
  const rows = await repo.listCountries(db);
  return [{ id: 0, name: 'All', code: ALL_COUNTRIES_CODE }, ...rows];
}

export async function getTags(db: DbOrTx, genders: Gender[]): Promise<Tag[]> {
  const rows = await repo.listTags(db, genders);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    group: row.group,
    is_male: row.isMale,
    is_female: row.isFemale,
    is_transgender: row.isTransgender,
  }));
}

export async function getUserCategories(
  db: DbOrTx,
  gender: Gender | undefined,
): Promise<UserCategory[]> {
  const rows = await repo.listUserCategories(db, gender);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    for_male: bit(row.forMale),
    for_female: bit(row.forFemale),
    for_transgender: bit(row.forTransgender),
    sub_categories: row.subCategories.map((sub) => ({
      id: sub.id,
      title: sub.title,
      color_code: sub.colorCode,
    })),
  }));
}

export const countryExists = repo.countryExists;
export const findSubCategories = repo.findSubCategories;
export const ensureReferenceData = repo.ensureReferenceData;
