import { encodeRgbPng, type Rgb } from './png.ts';

/**
 * Generated pictures for tests that look at the screen (the visual suite): each is a pure
 * function of its arguments, so every run uploads the same bytes and the server's resized
 * copies come out the same. Distinct colours per person and story make a swapped picture show.
 */

const mix = (from: Rgb, to: Rgb, t: number): Rgb => [
  Math.round(from[0] + (to[0] - from[0]) * t),
  Math.round(from[1] + (to[1] - from[1]) * t),
  Math.round(from[2] + (to[2] - from[2]) * t),
];

const lighten = (colour: Rgb, amount: number): Rgb => mix(colour, [255, 255, 255], amount);

/** A head-and-shoulders silhouette in a lighter shade of `colour`, like a default avatar. */
export function avatarPng(colour: Rgb, size = 256): Buffer {
  const figure = lighten(colour, 0.55);
  const centre = size / 2;
  const headRadius = size * 0.19;
  const headY = size * 0.4;
  return encodeRgbPng(size, size, (x, y) => {
    const inHead = (x - centre) ** 2 + (y - headY) ** 2 <= headRadius ** 2;
    // Shoulders: the top half of a wide ellipse standing on the bottom edge.
    const inShoulders =
      ((x - centre) / (size * 0.36)) ** 2 + ((y - size * 0.98) / (size * 0.34)) ** 2 <= 1;
    if (inHead || inShoulders) return figure;
    return mix(colour, lighten(colour, 0.25), y / (size - 1));
  });
}

/**
 * A portrait story picture: a vertical gradient between two colours with a light disc whose
 * place depends on `variant`, so stories of one creator differ at a glance.
 */
export function storyPicturePng(
  from: Rgb,
  to: Rgb,
  variant: number,
  width = 360,
  height = 640,
): Buffer {
  const discX = width * [0.3, 0.7, 0.5][variant % 3]!;
  const discY = height * [0.3, 0.45, 0.65][variant % 3]!;
  const discRadius = width * 0.22;
  const disc = lighten(to, 0.6);
  return encodeRgbPng(width, height, (x, y) => {
    if ((x - discX) ** 2 + (y - discY) ** 2 <= discRadius ** 2) return disc;
    // Wide, soft diagonal bands keep the picture from being one flat gradient.
    const band = Math.floor((x + y) / 80) % 2 === 0 ? 0 : 0.08;
    return lighten(mix(from, to, y / (height - 1)), band);
  });
}
