import { describe, expect, it } from 'vitest';
import { hammingDistance, MIN_QUALITY, pdqFromLuma } from './index.ts';

function lumaOf(width: number, height: number, shade: (x: number, y: number) => number) {
  const luma = new Float64Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) luma[y * width + x] = shade(x, y);
  return luma;
}

const bitsSet = (hash: string) => hammingDistance(hash, '0'.repeat(64));

describe('pdqFromLuma', () => {
  it('sets the bits of the frequencies above the median: half of them', () => {
    const rings = lumaOf(300, 200, (x, y) => 128 + 100 * Math.sin(Math.hypot(x - 90, y - 70) / 9));
    const { hash, quality } = pdqFromLuma(rings, 300, 200);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(bitsSet(hash)).toBe(128);
    expect(quality).toBeGreaterThanOrEqual(MIN_QUALITY);
  });

  it('gives a flat or faint picture a quality too low to match on', () => {
    expect(
      pdqFromLuma(
        lumaOf(400, 300, () => 90),
        400,
        300,
      ).quality,
    ).toBe(0);
    const faint = lumaOf(400, 300, (x) => 90 + (x % 40 < 20 ? 2 : 0));
    expect(pdqFromLuma(faint, 400, 300).quality).toBeLessThan(MIN_QUALITY);
  });

  it('tells a picture from its negative and from its mirror image', () => {
    const shade = (x: number, y: number) => (x * 3 + y * y * 0.01 + (x > 120 ? 60 : 0)) % 256;
    const picture = pdqFromLuma(lumaOf(256, 256, shade), 256, 256).hash;
    const negative = pdqFromLuma(
      lumaOf(256, 256, (x, y) => 255 - shade(x, y)),
      256,
      256,
    ).hash;
    const mirror = pdqFromLuma(
      lumaOf(256, 256, (x, y) => shade(255 - x, y)),
      256,
      256,
    ).hash;
    // A negative flips the sign of every frequency: all bits but the median's flip.
    expect(hammingDistance(picture, negative)).toBeGreaterThanOrEqual(254);
    expect(hammingDistance(picture, mirror)).toBeGreaterThan(64);
  });

  it('returns an empty hash of quality 0 for a picture under 5 pixels a side', () => {
    expect(
      pdqFromLuma(
        lumaOf(4, 100, () => 1),
        4,
        100,
      ),
    ).toEqual({
      hash: '0'.repeat(64),
      quality: 0,
    });
    expect(() => pdqFromLuma(new Float64Array(10), 4, 4)).toThrow(RangeError);
  });
});
