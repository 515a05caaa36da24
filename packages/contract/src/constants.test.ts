import { describe, expect, it } from 'vitest';
import { discoverPageSize } from './constants.ts';

describe('discoverPageSize (spec 9: 3 x ceil(floor(h / 50) / 3))', () => {
  it.each([
    [800, 18],
    [667, 15],
    [1080, 21],
    [149, 3],
    [50, 3],
  ])('window height %i gives %i items', (height, expected) => {
    expect(discoverPageSize(height)).toBe(expected);
  });

  it('always gives whole rows of three', () => {
    for (let h = 50; h < 3000; h += 7) expect(discoverPageSize(h) % 3).toBe(0);
  });
});
