import { describe, expect, it } from 'vitest';
import { storyIdFromUrl } from './content-url.ts';

const origin = 'https://glimpse.example';

describe('storyIdFromUrl', () => {
  it('reads a story link and a profile story link, absolute or as a path', () => {
    expect(storyIdFromUrl('https://glimpse.example/stories/42', origin)).toBe(42);
    expect(storyIdFromUrl('/stories/42/', origin)).toBe(42);
    expect(storyIdFromUrl('https://glimpse.example/u/anna?story=7', origin)).toBe(7);
    expect(storyIdFromUrl('  /u/anna?x=1&story=7#top ', origin)).toBe(7);
  });

  it('refuses other sites, other pages and ids that are not ids', () => {
    for (const url of [
      'https://evil.example/stories/42',
      'http://glimpse.example/stories/42',
      '//evil.example/stories/42',
      '/u/anna',
      '/u/anna?story=abc',
      '/u/anna?story=0',
      '/stories/99999999999',
      '/stories/4.2',
      '/me?story=4',
      'javascript:alert(1)',
      '',
    ]) {
      expect(storyIdFromUrl(url, origin), url).toBeNull();
    }
  });
});
