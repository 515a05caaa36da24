import { describe, expect, it } from 'vitest';
import { SEXES, type UserCategory } from '@glimpse/contract';
import { demoCategoryChoice } from './demo-categories.ts';

const subs = (id: number, ...titles: string[]) =>
  titles.map((title, i) => ({ id: id * 10 + i, title, color_code: null }));
const CATEGORIES: UserCategory[] = [
  {
    id: 1,
    title: 'Hair Color',
    for_male: 1,
    for_female: 1,
    for_transgender: 1,
    sub_categories: subs(1, 'Black', 'Bald'),
  },
  {
    id: 2,
    title: 'Bust',
    for_male: 0,
    for_female: 1,
    for_transgender: 1,
    sub_categories: subs(2, 'Small', 'Large'),
  },
  {
    id: 3,
    title: 'Beard',
    for_male: 1,
    for_female: 0,
    for_transgender: 0,
    sub_categories: subs(3, 'Stubble'),
  },
];

/** Always 0.5 (every parent picked, the middle option), counting how often it is asked. */
function countingRandom() {
  const counter = { draws: 0, random: () => (counter.draws++, 0.5) };
  return counter;
}

describe('demoCategoryChoice', () => {
  it('picks only under parents that apply to the sex', () => {
    const parentsFor = (sex: (typeof SEXES)[number]) =>
      demoCategoryChoice(CATEGORIES, sex, countingRandom().random).map((c) => c.categoryId);
    expect(parentsFor('male')).toEqual([1, 3]);
    expect(parentsFor('female')).toEqual([1, 2]);
    expect(parentsFor('transgender')).toEqual([1, 2]);
  });

  it('gives no woman "Bald", though the same draw gives it to a man', () => {
    const hairOf = (sex: 'male' | 'female') =>
      demoCategoryChoice(CATEGORIES, sex, countingRandom().random).find((c) => c.categoryId === 1);
    expect(hairOf('male')?.subCategoryId).toBe(11); // Bald
    expect(hairOf('female')?.subCategoryId).toBe(10); // Black
  });

  it('draws the same number of times for every sex, so the rest of the demo does not shift', () => {
    const draws = SEXES.map((sex) => {
      const counter = countingRandom();
      demoCategoryChoice(CATEGORIES, sex, counter.random);
      return counter.draws;
    });
    // One draw per parent, then one per picked parent (all three at 0.5).
    expect(draws).toEqual([6, 6, 6]);
  });
});
