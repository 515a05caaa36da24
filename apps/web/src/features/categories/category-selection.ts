import {
  categoriesForSex,
  type CategorySexFlags,
  type ChosenCategory,
  type Sex,
} from '@glimpse/contract';

/** Normal mode: parent category id -> the one chosen sub-category id. */
export type CategoryChoice = Record<number, number>;

/**
 * Spec 5: with a gender only parents flagged 1 for it show; without one, all show. The rule is
 * the contract's (`categoriesForSex`), shared with the server.
 */
export function categoriesForGender<C extends CategorySexFlags>(
  categories: C[],
  gender?: Sex,
): C[] {
  return categoriesForSex(categories, gender);
}

/** Normal mode click: choose the chip, replace the parent's other chip, or clear it if chosen. */
export function toggleNormal(
  choice: CategoryChoice,
  parentId: number,
  subId: number,
): CategoryChoice {
  const next = { ...choice };
  if (next[parentId] === subId) delete next[parentId];
  else next[parentId] = subId;
  return next;
}

/** Filter mode click: any number of chips across all parents. */
export function toggleFilter(selected: number[], subId: number): number[] {
  return selected.includes(subId) ? selected.filter((id) => id !== subId) : [...selected, subId];
}

export function choiceFromChosen(chosen: ChosenCategory[]): CategoryChoice {
  const choice: CategoryChoice = {};
  for (const item of chosen) choice[item.category_id] = item.id;
  return choice;
}

/** The ids to save, dropping choices under parents that are not offered (e.g. after a sex change). */
export function choiceToIds(choice: CategoryChoice, offered?: Array<{ id: number }>): number[] {
  const offeredIds = offered ? new Set(offered.map((category) => category.id)) : undefined;
  return Object.entries(choice)
    .filter(([parentId]) => !offeredIds || offeredIds.has(Number(parentId)))
    .map(([, subId]) => subId);
}
