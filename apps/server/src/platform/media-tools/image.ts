import sharp from 'sharp';
import { STORY_IMAGE_MAX_HEIGHT, STORY_IMAGE_MAX_WIDTH } from '@glimpse/contract';

export interface StoryImageVariants {
  webp: Buffer;
  jpeg: Buffer;
  /** Small preview (poster) for lists and the own-story carousel. */
  small: Buffer;
  width: number;
  height: number;
}

export const STORY_IMAGE_MAX_PIXELS = 50_000_000;
/** The small preview's box; never upscaled, so a tiny image stays tiny. */
const SMALL_BOX = { width: 270, height: 480, fit: 'inside', withoutEnlargement: true } as const;

/**
 * Story image variants: orientation applied, every metadata block dropped (sharp writes none
 * unless asked), bounded to the story box without upscaling.
 */
export async function makeStoryImageVariants(input: Buffer): Promise<StoryImageVariants> {
  const base = sharp(input, { limitInputPixels: STORY_IMAGE_MAX_PIXELS, failOn: 'error' })
    .rotate()
    .resize({
      width: STORY_IMAGE_MAX_WIDTH,
      height: STORY_IMAGE_MAX_HEIGHT,
      fit: 'inside',
      withoutEnlargement: true,
    });
  const { data: webp, info } = await base
    .clone()
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  const [jpeg, small] = await Promise.all([
    base.clone().flatten({ background: '#000' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer(),
    // A second resize replaces the first in sharp, so the small box repeats "no upscaling".
    base.clone().resize(SMALL_BOX).flatten({ background: '#000' }).jpeg({ quality: 70 }).toBuffer(),
  ]);
  return { webp, jpeg, small, width: info.width, height: info.height };
}

/** The small preview from a video poster. */
export function makeSmallFromPoster(poster: Buffer): Promise<Buffer> {
  return sharp(poster).resize(SMALL_BOX).jpeg({ quality: 70 }).toBuffer();
}

export interface WebpVariant {
  width: number;
  data: Buffer;
}

/**
 * Smaller WebP copies of an already processed image (a story's WebP, a video poster, an avatar)
 * at each of `widths` narrower than the image itself; never upscaled. The image is decoded once
 * and each copy is resized from those pixels, so three sizes cost about one decode.
 */
export async function makeWebpVariants(
  image: Buffer,
  widths: readonly number[],
): Promise<WebpVariant[]> {
  const { data, info } = await sharp(image, { limitInputPixels: STORY_IMAGE_MAX_PIXELS })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  return Promise.all(
    widths
      .filter((width) => width < info.width)
      .map(async (width) => ({
        width,
        data: await sharp(data, { raw }).resize({ width }).webp({ quality: 75 }).toBuffer(),
      })),
  );
}
