/** The media feature's public face: stored pictures and videos, their copies and signed URLs. */
// For the composition root: the signed media route.
export { mediaRoutes } from './media.routes.ts';
// Storing blobs and recording them as a feature's media (stories); removing them after commit.
export { deleteBlobs, forgetMediaOfStory, recordMedia, storeBlob } from './media.service.ts';
export { inspectStoryImage } from './image-policy.ts';
// A profile picture's images and rows (users owns whose avatar it is).
export {
  avatarThumbKey,
  recordAvatarCopies,
  storeAvatarCopies,
  storeAvatarImage,
  swapAvatarMedia,
} from './avatar-images.ts';
// Smaller copies of images and the srcsets that list them (presenters).
export {
  AVATAR_VARIANT_WIDTHS,
  STORY_VARIANT_WIDTHS,
  avatarSrcset,
  avatarSrcsetOfUrl,
  signedSrcset,
  variantKey,
} from './media-variants.ts';
