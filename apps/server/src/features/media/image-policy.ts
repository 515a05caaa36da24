import { readFile } from 'node:fs/promises';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../platform/errors/app-error.ts';

/** Raster formats we accept from users. SVG is refused: it is a document that can carry script. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export interface ImageLimits {
  maxPixels: number;
}

/**
 * Reads only the header to decide: anything that is not a raster image, or that would decode to
 * more than `maxPixels`, is refused before a single pixel is decoded (a 20000x20000 PNG bomb is
 * answered in milliseconds).
 */
export async function inspectImage(
  input: Buffer,
  limits: ImageLimits,
): Promise<{ width: number; height: number }> {
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('not_an_image');
  }
  if (
    !metadata.format ||
    !ACCEPTED_FORMATS.has(metadata.format) ||
    !metadata.width ||
    !metadata.height
  ) {
    throw new AppError('not_an_image');
  }
  if (metadata.width * metadata.height > limits.maxPixels)
    throw new AppError('image_too_many_pixels');
  return { width: metadata.width, height: metadata.height };
}

/** Re-encodes to a square WebP: EXIF orientation applied, all metadata (GPS, camera) dropped. */
export async function squareWebp(input: Buffer, size: number, maxPixels: number): Promise<Buffer> {
  try {
    return await sharp(input, { limitInputPixels: maxPixels, failOn: 'error' })
      .rotate()
      .resize(size, size, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // Header looked fine but the pixel data is broken: still the uploader's problem, not ours.
    throw new AppError('not_an_image');
  }
}

/** Story images may be larger than avatars but are still refused before decoding if huge. */
import { STORY_IMAGE_MAX_PIXELS } from '../../platform/media-tools/image.ts';
export { STORY_IMAGE_MAX_PIXELS };

/** A path, or the bytes already read (a resumable upload streamed from its store). */
export async function inspectStoryImage(file: string | Buffer): Promise<void> {
  const bytes = typeof file === 'string' ? await readFile(file) : file;
  await inspectImage(bytes, { maxPixels: STORY_IMAGE_MAX_PIXELS });
}
