import type { Country } from '@glimpse/contract';
import { describe, expect, it } from 'vitest';
import { sortCountries } from './countries.queries.ts';

// The order the server sends: by code points, so accented first letters come after "Z".
const fromServer: Country[] = [
  { id: 0, name: 'All', code: 'all' },
  { id: 1, name: 'Afghanistan', code: 'af' },
  { id: 2, name: 'Austria', code: 'at' },
  { id: 3, name: 'Tunisia', code: 'tn' },
  { id: 4, name: 'Tuvalu', code: 'tv' },
  { id: 5, name: 'Türkiye', code: 'tr' },
  { id: 6, name: 'Zimbabwe', code: 'zw' },
  { id: 7, name: 'Åland Islands', code: 'ax' },
];

const names = (countries: Country[]) => countries.map((country) => country.name);

describe('sortCountries', () => {
  it('sorts accented names among their letter for an English reader, All first', () => {
    expect(names(sortCountries(fromServer, 'en'))).toEqual([
      'All',
      'Afghanistan',
      'Åland Islands',
      'Austria',
      'Tunisia',
      'Türkiye',
      'Tuvalu',
      'Zimbabwe',
    ]);
  });

  it("follows the reader's language where letters sort differently", () => {
    // In Swedish, Å is a letter of its own after Z.
    expect(names(sortCountries(fromServer, 'sv')).slice(-2)).toEqual(['Zimbabwe', 'Åland Islands']);
  });

  it('leaves the list it was given untouched', () => {
    const copy = [...fromServer];
    sortCountries(fromServer, 'en');
    expect(fromServer).toEqual(copy);
  });
});
