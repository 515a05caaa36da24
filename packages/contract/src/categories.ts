import type { Sex } from './constants.ts';

/**
 * Which sexes a parent profile category applies to: the spec's 0/1 flags (section 3; the display
 * rule is in section 5), as `GET /api/user-categories` sends them and as each chosen category
 * carries its parent's.
 */
export interface CategorySexFlags {
  for_male: 0 | 1;
  for_female: 0 | 1;
  for_transgender: 0 | 1;
}

const flagOfSex = {
  male: 'for_male',
  female: 'for_female',
  transgender: 'for_transgender',
} as const satisfies Record<Sex, keyof CategorySexFlags>;

/**
 * The one rule for "does this category apply to this sex" (Beard is for men, Bust for women and
 * transgender people): the server keeps profiles to it, the demo seed picks by it and the web
 * offers and shows categories by it.
 */
export function categoryAppliesToSex(category: CategorySexFlags, sex: Sex): boolean {
  return category[flagOfSex[sex]] === 1;
}

/** The categories that apply to `sex`, in their order; without a sex (a filter for anyone) all. */
export function categoriesForSex<C extends CategorySexFlags>(
  categories: readonly C[],
  sex: Sex | undefined,
): C[] {
  if (sex === undefined) return [...categories];
  return categories.filter((category) => categoryAppliesToSex(category, sex));
}
