import sharp from 'sharp';
import { STORY_IMAGE_MAX_PIXELS } from '../image.ts';
import { lumaFromPixels, pdqFromLuma, type PerceptualHash } from './pdq.ts';

/**
 * The reference hashers first bring a picture within 512x512 (the tent filter over millions of
 * pixels would cost far more and change nothing at 64x64); sharp shrinks a JPEG while decoding.
 */
const WORKING_SIDE = 512;

interface LumaImage {
  luma: Float64Array;
  width: number;
  height: number;
}

/**
 * Upright by its EXIF orientation as the story pipeline shows it, transparency over black as the
 * story's JPEG has it, within 512x512, as luma. Only the first frame of an animation counts.
 */
async function decodeLuma(input: Buffer | string): Promise<LumaImage> {
  const { data, info } = await sharp(input, { limitInputPixels: STORY_IMAGE_MAX_PIXELS })
    .autoOrient()
    .flatten({ background: '#000' })
    .resize(WORKING_SIDE, WORKING_SIDE, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { luma: lumaFromPixels(data, info.channels), width: info.width, height: info.height };
}

/** The PDQ hash of an image, from a buffer or a file path. */
export async function hashImage(input: Buffer | string): Promise<PerceptualHash> {
  const { luma, width, height } = await decodeLuma(input);
  return pdqFromLuma(luma, width, height);
}

/** A centred crop: this fraction of the width is cut from the left and from the right, etc. */
export interface CentredCrop {
  /** Fraction of the width cut from each side (0.05: 5% left and 5% right). */
  x: number;
  /** Fraction of the height cut from the top and from the bottom. */
  y: number;
}

/**
 * PDQ shrugs off re-encoding and resizing but only about 1% of crop on each side: a copy cut by
 * 5% a side is some 90 bits from the original. Hashing a listed picture at these zooms as well
 * (steps of 1.25%, so any centred crop up to ~10% a side is within a step of one) lets a cropped
 * copy meet one of them. Off-centre crops need their own boxes.
 */
export const LISTING_CROPS: readonly CentredCrop[] = Array.from({ length: 8 }, (_, i) => {
  const side = (i + 1) * 0.0125;
  return { x: side, y: side };
});

export interface CropHash extends PerceptualHash {
  crop: CentredCrop;
}

function cropLuma(image: LumaImage, crop: CentredCrop): LumaImage {
  if (!(crop.x >= 0 && crop.x < 0.5 && crop.y >= 0 && crop.y < 0.5))
    throw new RangeError('a crop cuts less than half of each side');
  const left = Math.round(image.width * crop.x);
  const top = Math.round(image.height * crop.y);
  const width = image.width - 2 * left;
  const height = image.height - 2 * top;
  const luma = new Float64Array(Math.max(0, width * height));
  for (let row = 0; row < height; row++) {
    const from = (top + row) * image.width + left;
    luma.set(image.luma.subarray(from, from + width), row * width);
  }
  return { luma, width, height };
}

/**
 * Hashes of a picture to put on a blocklist: the whole picture first, then each crop of
 * `crops`, all from one decode. An upload is compared with every one of them.
 */
export async function hashImageCrops(
  input: Buffer | string,
  crops: readonly CentredCrop[] = LISTING_CROPS,
): Promise<CropHash[]> {
  const image = await decodeLuma(input);
  return [{ x: 0, y: 0 }, ...crops].map((crop) => {
    // pdqFromLuma blurs in place: each crop works on its own copy.
    const part = cropLuma(image, crop);
    return { ...pdqFromLuma(part.luma, part.width, part.height), crop };
  });
}
