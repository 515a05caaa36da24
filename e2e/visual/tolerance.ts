/**
 * How much a screen may differ from its baseline and still match: at most 0.1 % of its pixels
 * and at most 100 pixels, whichever is smaller (Playwright applies both). At both of the suite's
 * sizes the 100 pixels bind: 0.1 % of a 390x844 phone frame is 329 pixels and of a 1440x900
 * desktop frame 1,296, and a section heading moved 4 px down changes only about 290.
 * Pixels count as different when pixelmatch's colour distance passes its default 0.2, and
 * anti-aliased edge pixels are not counted, so rendering noise does not add up to 100; the
 * same machine draws the same screen to the pixel. threshold.visual.ts proves the limit.
 */
export const MAX_DIFF_PIXEL_RATIO = 0.001;
export const MAX_DIFF_PIXELS = 100;

/** The number of pixels a frame of this size may differ by (Playwright takes the smaller limit). */
export const allowedDifferingPixels = (width: number, height: number) =>
  Math.min(MAX_DIFF_PIXELS, Math.floor(width * height * MAX_DIFF_PIXEL_RATIO));
