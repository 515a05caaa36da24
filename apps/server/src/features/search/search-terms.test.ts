import { describe, expect, it } from 'vitest';
import { decodeSearchCursor, encodeSearchCursor } from './search-cursor.ts';
import { planSearch } from './search-plan.ts';
import { escapeLike, handlePrefixEnd, isShortQuery, searchTerms } from './search-terms.ts';

describe('searchTerms', () => {
  it('reads a text as typed and in the handle form handles are made in', () => {
    expect(searchTerms('  Ana   Rivra ')).toEqual({ text: 'ana rivra', handle: 'ana-rivra' });
    expect(searchTerms('@gabe_Müller')).toEqual({ text: 'gabe_müller', handle: 'gabe-muller' });
    expect(searchTerms('日本')).toEqual({ text: '日本', handle: '' });
  });

  it('sends one or two letters to the handle prefix, anything else to the trigrams', () => {
    expect(isShortQuery(searchTerms('a'))).toBe(true);
    expect(isShortQuery(searchTerms('@Lu'))).toBe(true);
    expect(isShortQuery(searchTerms('ann'))).toBe(false);
    // No handle form: nothing for the handle index to find.
    expect(isShortQuery(searchTerms('日本'))).toBe(false);
  });

  it('escapes what LIKE would read as a pattern', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });

  it('bounds a handle prefix below every longer handle of the alphabet a-z, 0-9 and -', () => {
    const end = handlePrefixEnd('an');
    for (const handle of ['an', 'an-', 'an0', 'anz', 'anzzzz-9']) expect(handle < end).toBe(true);
    for (const handle of ['ao', 'b', 'an{']) expect(handle >= end).toBe(true);
  });
});

describe('search cursors', () => {
  it('round-trips both kinds and refuses anything else', () => {
    for (const cursor of [
      { kind: 'handle', handle: 'anna-rivera-1f' },
      { kind: 'rank', rank: 8123, id: 42 },
    ] as const) {
      expect(decodeSearchCursor(encodeSearchCursor(cursor))).toEqual(cursor);
    }
    const encode = (text: string) => Buffer.from(text).toString('base64url');
    for (const text of ['r1.0', 'r-1.5', 'r1.2147483648', 'hANNA', 'h', 'x1.1', 'r01.1']) {
      expect(decodeSearchCursor(encode(text)), text).toBeUndefined();
    }
    expect(decodeSearchCursor('not base64!')).toBeUndefined();
  });
});

describe('planSearch', () => {
  it('takes only its own kind of cursor', () => {
    const short = searchTerms('an');
    const long = searchTerms('anna');
    expect(planSearch(1, short, { kind: 'rank', rank: 1, id: 1 }, 21)).toBeUndefined();
    expect(planSearch(1, long, { kind: 'handle', handle: 'anna' }, 21)).toBeUndefined();
    expect(planSearch(1, short, { kind: 'handle', handle: 'anna' }, 21)).toMatchObject({
      kind: 'handle',
      search: { from: 'an', to: 'an{', after: 'anna' },
    });
  });

  it('matches tags from three characters on', () => {
    const plan = (q: string) => planSearch(1, searchTerms(q), undefined, 21);
    expect(plan('日本')).toMatchObject({ kind: 'trigram', search: { withTags: false } });
    expect(plan('art')).toMatchObject({ kind: 'trigram', search: { withTags: true } });
  });
});
