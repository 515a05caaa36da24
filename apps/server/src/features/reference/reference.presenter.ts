import type { Tag, UserCategory } from '@glimpse/contract';
import type { TagRow, UserCategoryWithSubs } from './reference.repository.ts';

const bit = (value: boolean) => (value ? 1 : 0) as 0 | 1;

export function presentTag(row: TagRow): Tag {
  return {
    id: row.id,
    title: row.title,
    group: row.group,
    is_male: row.isMale,
    is_female: row.isFemale,
    is_transgender: row.isTransgender,
  };
}

/** The spec's 0/1 gender flags, and sub-categories in their display order. */
export function presentUserCategory(row: UserCategoryWithSubs): UserCategory {
  return {
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
  };
}
