import { readFile } from 'node:fs/promises';
import type { FfmpegBinaries } from '../../platform/media-tools/ffmpeg-binaries.ts';
import {
  hashImage,
  hashImageCrops,
  hashVideoFrames,
  isUsableQuality,
} from '../../platform/media-tools/perceptual-hash/index.ts';
import type { VideoContainer } from '../../platform/media-tools/video.ts';
import type { StoredHash } from './known-content.repository.ts';

export interface MediaFile {
  file: string;
  isVideo: boolean;
  container: VideoContainer;
  durationSeconds?: number;
}

/**
 * The usable hashes of a picture (at second 0) or of a video's key frames. Flat, nearly blank
 * pictures hash with low quality and would match too much, so they are left out.
 */
export async function hashMedia(tools: FfmpegBinaries, media: MediaFile): Promise<StoredHash[]> {
  if (!media.isVideo) {
    const picture = await hashImage(await readFile(media.file));
    return isUsableQuality(picture.quality) ? [{ ...picture, atSecond: 0 }] : [];
  }
  const frames = await hashVideoFrames(
    tools,
    { container: media.container, file: media.file },
    media.durationSeconds === undefined ? {} : { durationSeconds: media.durationSeconds },
  );
  return frames
    .filter((frame) => isUsableQuality(frame.quality))
    .map((frame) => ({
      hash: frame.hash,
      quality: frame.quality,
      atSecond: Math.round(frame.atSeconds),
    }));
}

/**
 * What to list for a picture: its hash and those of its centred crops, so a copy cut by a few
 * percent on each side (which PDQ alone misses) still comes within reach.
 */
export async function listingHashesOfPicture(picture: Buffer): Promise<StoredHash[]> {
  const crops = await hashImageCrops(picture);
  return crops
    .filter((crop) => isUsableQuality(crop.quality))
    .map((crop) => ({ hash: crop.hash, quality: crop.quality, atSecond: 0 }));
}
