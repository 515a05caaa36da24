import { AGE_MAX, AGE_MIN } from '@glimpse/contract';
import { describe, expect, it } from 'vitest';
import {
  ALL_COUNTRIES_ID,
  categoryGender,
  DEFAULT_FILTER,
  filterNarrows,
  toggleCountry,
  toHomeListQuery,
} from './filter-model.ts';
import { parseFilter } from './filter-storage.ts';

const realIds = [1, 2, 3];

describe('toggleCountry (spec 5)', () => {
  it('All selects everything, and clears everything when chosen again', () => {
    expect(toggleCountry([2], ALL_COUNTRIES_ID, realIds)).toEqual([ALL_COUNTRIES_ID]);
    expect(toggleCountry([ALL_COUNTRIES_ID], ALL_COUNTRIES_ID, realIds)).toEqual([]);
  });

  it('selecting every other country collapses to All', () => {
    expect(toggleCountry([1, 2], 3, realIds)).toEqual([ALL_COUNTRIES_ID]);
    expect(toggleCountry([1], 3, realIds)).toEqual([1, 3]);
  });

  it('deselecting one while All is set removes All and keeps the others', () => {
    expect(toggleCountry([ALL_COUNTRIES_ID], 2, realIds)).toEqual([1, 3]);
  });

  it('plain toggles add and remove', () => {
    expect(toggleCountry([], 1, realIds)).toEqual([1]);
    expect(toggleCountry([1, 2], 1, realIds)).toEqual([2]);
  });
});

describe('categoryGender (spec 5)', () => {
  it('passes a sex only when exactly one is chosen', () => {
    expect(categoryGender([])).toBeUndefined();
    expect(categoryGender(['female'])).toBe('female');
    expect(categoryGender(['male', 'female'])).toBeUndefined();
  });
});

describe('toHomeListQuery', () => {
  it('sends the age range and leaves empty lists out', () => {
    expect(toHomeListQuery(DEFAULT_FILTER)).toEqual({ age_min: AGE_MIN, age_max: AGE_MAX });
  });

  it('sends every chosen value', () => {
    const query = toHomeListQuery({
      ...DEFAULT_FILTER,
      range: [25, 40],
      activeGenders: ['female', 'male'],
      tags: [3, 1],
      categories: [201],
      countries: [2, 1],
    });
    expect(query).toEqual({
      age_min: 25,
      age_max: 40,
      genders: ['female', 'male'],
      tags: [1, 3],
      categories: [201],
      countries: [1, 2],
    });
  });

  it('sends no country when All is chosen', () => {
    expect(toHomeListQuery({ ...DEFAULT_FILTER, countries: [ALL_COUNTRIES_ID] }).countries).toBe(
      undefined,
    );
  });
});

describe('parseFilter', () => {
  it('reads nothing from nothing or from broken text', () => {
    expect(parseFilter(null)).toBeNull();
    expect(parseFilter('{not json')).toBeNull();
    expect(parseFilter('[1,2]')).toBeNull();
  });

  it('fills missing or invalid fields with the defaults', () => {
    expect(
      parseFilter('{"sections":["discover","nope"],"range":[10,500],"tags":[1,"x",1]}'),
    ).toEqual({ ...DEFAULT_FILTER, sections: ['discover'], range: [AGE_MIN, AGE_MAX], tags: [1] });
  });

  it('never yields a filter without a section', () => {
    expect(parseFilter('{"sections":[]}')?.sections).toEqual(DEFAULT_FILTER.sections);
  });
});

describe('filterNarrows', () => {
  it('is false for the default filter and for a choice of sections alone', () => {
    expect(filterNarrows(DEFAULT_FILTER)).toBe(false);
    expect(filterNarrows({ ...DEFAULT_FILTER, sections: ['discover'] })).toBe(false);
    expect(filterNarrows({ ...DEFAULT_FILTER, countries: [ALL_COUNTRIES_ID] })).toBe(false);
  });

  it('is true for an age range, a sex, a tag, a category or a country', () => {
    expect(filterNarrows({ ...DEFAULT_FILTER, range: [AGE_MIN, 40] })).toBe(true);
    expect(filterNarrows({ ...DEFAULT_FILTER, range: [30, AGE_MAX] })).toBe(true);
    expect(filterNarrows({ ...DEFAULT_FILTER, activeGenders: ['female'] })).toBe(true);
    expect(filterNarrows({ ...DEFAULT_FILTER, tags: [3] })).toBe(true);
    expect(filterNarrows({ ...DEFAULT_FILTER, categories: [4] })).toBe(true);
    expect(filterNarrows({ ...DEFAULT_FILTER, countries: [5] })).toBe(true);
  });
});
