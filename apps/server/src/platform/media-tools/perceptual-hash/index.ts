// Perceptual hashes (PDQ) of pictures and video frames, for matching uploads against known
// content: a re-encoded or resized copy stays within MATCH_DISTANCE bits of the original, a
// cropped one within reach of a listed picture's crops (hashImageCrops).
export {
  hammingDistance,
  isNearMatch,
  isPdqHash,
  isUsableQuality,
  MATCH_DISTANCE,
  MIN_QUALITY,
} from './hamming.ts';
export {
  hashImage,
  hashImageCrops,
  LISTING_CROPS,
  type CentredCrop,
  type CropHash,
} from './hash-image.ts';
export { pdqFromLuma, type PerceptualHash } from './pdq.ts';
export { hashVideoFrames, type FrameHash, type VideoFrameOptions } from './video-frames.ts';
