import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { parseHomeFilter, type HomeFilterQuery, type HomeSection } from '@glimpse/contract';
import { sectionStatement } from './home-statement.repository.ts';
import { homeSectionQuery, type HomeList } from './home.repository.ts';

const dialect = new PgDialect();

const cases: [HomeSection, HomeList, HomeFilterQuery, { limit: number; offset: number }][] = [
  ['discover', 'stories', {}, { limit: 18, offset: 0 }],
  [
    'discover',
    'stories',
    { age_min: 21, age_max: 45, 'genders[]': ['female'], 'countries[]': [3, 9, 12] },
    { limit: 18, offset: 36 },
  ],
  // Same shape as the one above, other values: the shared text must carry the new ones.
  [
    'discover',
    'stories',
    { age_min: 30, age_max: 31, 'genders[]': ['male'], 'countries[]': [4, 5, 6] },
    { limit: 6, offset: 0 },
  ],
  ['following', 'stories', { 'tags[]': [1, 2], 'categories[]': [7] }, { limit: 500, offset: 0 }],
  ['subscribed', 'streams', { 'genders[]': ['male', 'transgender'] }, { limit: 500, offset: 0 }],
  ['discover', 'streams', { 'tags[]': [5], 'countries[]': [0] }, { limit: 18, offset: 18 }],
];

describe('sectionStatement', () => {
  it('is the text and values of homeSectionQuery for every shape, built once per shape', () => {
    for (const [section, list, query, paging] of cases) {
      const filter = parseHomeFilter(query);
      const expected = dialect.sqlToQuery(homeSectionQuery(42, section, filter, paging, list));
      const actual = sectionStatement(42, section, filter, paging, list);
      expect(actual.text).toBe(expected.sql);
      expect(actual.values).toEqual(expected.params);
    }
  });

  it('carries another viewer and page on the same text', () => {
    const filter = parseHomeFilter({ 'tags[]': [8] });
    const first = sectionStatement(1, 'discover', filter, { limit: 18, offset: 0 });
    const second = sectionStatement(2, 'discover', filter, { limit: 18, offset: 18 });
    expect(second.text).toBe(first.text);
    expect(second.values).toEqual(
      dialect.sqlToQuery(homeSectionQuery(2, 'discover', filter, { limit: 18, offset: 18 })).params,
    );
    expect(second.values).not.toEqual(first.values);
  });
});
