import { describe, expect, it } from 'vitest';
import { categories } from '../../test/fixtures.ts';
import {
  categoriesForGender,
  choiceFromChosen,
  choiceToIds,
  toggleFilter,
  toggleNormal,
} from './category-selection.ts';

const forEveryone = { for_male: 1, for_female: 1, for_transgender: 1 } as const;
const forMen = { for_male: 1, for_female: 0, for_transgender: 0 } as const;

describe('category selection', () => {
  it('normal toggle chooses, replaces and clears', () => {
    expect(toggleNormal({}, 1, 10)).toEqual({ 1: 10 });
    expect(toggleNormal({ 1: 10 }, 1, 11)).toEqual({ 1: 11 });
    expect(toggleNormal({ 1: 10, 2: 20 }, 1, 10)).toEqual({ 2: 20 });
  });

  it('filter toggle adds and removes', () => {
    expect(toggleFilter([1], 2)).toEqual([1, 2]);
    expect(toggleFilter([1, 2], 1)).toEqual([2]);
  });

  it('round-trips the chosen categories of a user', () => {
    const choice = choiceFromChosen([
      {
        id: 201,
        title: 'Athletic',
        color_code: null,
        category_id: 20,
        category_title: 'Body',
        ...forMen,
      },
      {
        id: 101,
        title: 'Black',
        color_code: '#000',
        category_id: 10,
        category_title: 'Hair Color',
        ...forEveryone,
      },
    ]);
    expect(choice).toEqual({ 20: 201, 10: 101 });
    expect(choiceToIds(choice).sort()).toEqual([101, 201]);
  });

  it('drops choices under parents that are not offered', () => {
    const offered = categories.filter((category) => category.id !== 20);
    expect(choiceToIds({ 20: 201, 10: 101 }, offered)).toEqual([101]);
  });

  it('offers only the parents that apply to the gender, all without one', () => {
    expect(categoriesForGender(categories, 'female').map((c) => c.title)).not.toContain('Body');
    expect(categoriesForGender(categories, 'male').map((c) => c.title)).toContain('Body');
    expect(categoriesForGender(categories)).toEqual(categories);
  });
});
