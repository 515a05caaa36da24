import { describe, expect, it } from 'vitest';
import { categoriesForSex, categoryAppliesToSex, type CategorySexFlags } from './categories.ts';
import { SEXES } from './constants.ts';

const everyone: CategorySexFlags = { for_male: 1, for_female: 1, for_transgender: 1 };
const beard = { title: 'Beard', for_male: 1, for_female: 0, for_transgender: 0 } as const;
const bust = { title: 'Bust', for_male: 0, for_female: 1, for_transgender: 1 } as const;
const hair = { title: 'Hair Color', ...everyone };

describe('categoryAppliesToSex', () => {
  it('reads the flag of the given sex and only that one', () => {
    expect(categoryAppliesToSex(beard, 'male')).toBe(true);
    expect(categoryAppliesToSex(beard, 'female')).toBe(false);
    expect(categoryAppliesToSex(beard, 'transgender')).toBe(false);
    expect(categoryAppliesToSex(bust, 'male')).toBe(false);
    expect(categoryAppliesToSex(bust, 'female')).toBe(true);
    expect(categoryAppliesToSex(bust, 'transgender')).toBe(true);
  });

  it('applies a category flagged for everyone to every sex, and one flagged for nobody to none', () => {
    const nobody: CategorySexFlags = { for_male: 0, for_female: 0, for_transgender: 0 };
    for (const sex of SEXES) {
      expect(categoryAppliesToSex(everyone, sex)).toBe(true);
      expect(categoryAppliesToSex(nobody, sex)).toBe(false);
    }
  });
});

describe('categoriesForSex', () => {
  const all = [hair, bust, beard];

  it('keeps the applicable categories in their order, with their own fields', () => {
    expect(categoriesForSex(all, 'male').map((c) => c.title)).toEqual(['Hair Color', 'Beard']);
    expect(categoriesForSex(all, 'female').map((c) => c.title)).toEqual(['Hair Color', 'Bust']);
    expect(categoriesForSex(all, 'transgender')).toEqual([hair, bust]);
  });

  it('keeps every category when no sex is given, as a new array', () => {
    const result = categoriesForSex(all, undefined);
    expect(result).toEqual(all);
    expect(result).not.toBe(all);
  });
});
