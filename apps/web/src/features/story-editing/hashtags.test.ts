import { STORY_TAGS_MAX, STORY_TEXT_MAX } from '@glimpse/contract';
import { describe, expect, it } from 'vitest';
import {
  activeHashtag,
  completeHashtag,
  extractTags,
  formatHashtagText,
  HASHTAG_MAX,
  hasTooManyHashtags,
  suggestHashtags,
  toHashtagWord,
} from './hashtags.ts';

describe('formatHashtagText', () => {
  it('collapses repeated #', () => {
    expect(formatHashtagText('hello ##travel ###fun')).toBe('hello #travel #fun');
  });

  it('separates hashtags typed without a space', () => {
    expect(formatHashtagText('#one#two#three')).toBe('#one #two #three');
  });

  it('leaves a lone # being typed, and # inside words, alone', () => {
    expect(formatHashtagText('Sunset #')).toBe('Sunset #');
    expect(formatHashtagText('I code C# daily')).toBe('I code C# daily');
  });

  it('stops a hashtag at the longest tag the server accepts', () => {
    const long = 'a'.repeat(HASHTAG_MAX + 5);
    expect(formatHashtagText(`#${long} end`)).toBe(`#${'a'.repeat(HASHTAG_MAX)} end`);
  });

  it('limits the text to the maximum length without splitting an emoji', () => {
    expect(formatHashtagText('x'.repeat(STORY_TEXT_MAX + 20))).toHaveLength(STORY_TEXT_MAX);
    expect(formatHashtagText('ab😀', 3)).toBe('ab');
  });

  it('is stable: formatting twice changes nothing more', () => {
    const once = formatHashtagText('##a#b  ##c text');
    expect(formatHashtagText(once)).toBe(once);
  });
});

describe('extractTags', () => {
  it('takes the hashtags, lower case, without #, once each', () => {
    expect(extractTags('Beach day #Travel #sun_set and #travel again')).toEqual([
      'travel',
      'sun_set',
    ]);
  });

  it('accepts letters of any script and ignores # inside words', () => {
    expect(extractTags('#Ünïcode #日本 mail#nope C#')).toEqual(['ünïcode', '日本']);
  });

  it('keeps at most the tag limit', () => {
    const text = Array.from({ length: STORY_TAGS_MAX + 3 }, (_, i) => `#t${i}`).join(' ');
    expect(extractTags(text)).toHaveLength(STORY_TAGS_MAX);
    expect(hasTooManyHashtags(text)).toBe(true);
    expect(hasTooManyHashtags('#a #b')).toBe(false);
  });
});

describe('hashtag autocomplete', () => {
  it('finds the hashtag the caret is in', () => {
    expect(activeHashtag('hi #fit', 7)).toEqual({ start: 3, query: 'fit' });
    expect(activeHashtag('hi #', 4)).toEqual({ start: 3, query: '' });
    expect(activeHashtag('hi fit', 6)).toBeUndefined();
    expect(activeHashtag('C#', 2)).toBeUndefined();
  });

  it('suggests known tags continuing the query, shortest first', () => {
    const titles = ['fitness', 'Fit Life', 'yoga', 'fitness'];
    expect(suggestHashtags(titles, 'fi')).toEqual(['fitlife', 'fitness']);
    expect(suggestHashtags(titles, 'FITN')).toEqual(['fitness']);
    expect(suggestHashtags(titles, 'fitness')).toEqual([]);
    expect(toHashtagWord('Hair Color!')).toBe('haircolor');
  });

  it('completes the hashtag being typed and puts the caret after it', () => {
    expect(completeHashtag('hello #fi', 9, 'fitness')).toEqual({
      text: 'hello #fitness ',
      caret: 15,
    });
    expect(completeHashtag('#fi and more', 3, 'fitness')).toEqual({
      text: '#fitness and more',
      caret: 8,
    });
  });
});
