import type { HomeFilter } from '@glimpse/contract';
import { ageOn } from '../users/age.ts';

export interface ReferenceCreator {
  id: number;
  sex: string;
  birthdate: string;
  countryId: number;
  tagIds: number[];
  subCategoryIds: number[];
}

/**
 * The home filter as plain in-memory code: the reference the SQL is tested against. Kept beside
 * the repository so a rule change shows in both places.
 */
export function matchesHomeFilter(
  creator: ReferenceCreator,
  filter: HomeFilter,
  today = new Date(),
): boolean {
  const age = ageOn(creator.birthdate, today);
  if (age < filter.ageMin || age > filter.ageMax) return false;
  if (
    filter.genders.length > 0 &&
    !filter.genders.includes(creator.sex as HomeFilter['genders'][number])
  )
    return false;
  if (filter.tags.length > 0 && !creator.tagIds.some((t) => filter.tags.includes(t))) return false;
  if (
    filter.categories.length > 0 &&
    !creator.subCategoryIds.some((c) => filter.categories.includes(c))
  )
    return false;
  if (
    filter.countries.length > 0 &&
    !filter.countries.includes(0) &&
    !filter.countries.includes(creator.countryId)
  )
    return false;
  return true;
}
