/** The media feature's public face: what other features may use. */
export { makeAvatarVariants, setAvatar } from './avatar.service.ts';
export { inspectStoryImage } from './image-policy.ts';
export {
  AVATAR_VARIANT_WIDTHS,
  STORY_VARIANT_WIDTHS,
  avatarSrcset,
  avatarSrcsetOfUrl,
  signedSrcset,
  variantKey,
} from './media-variants.ts';
export { mediaRoutes } from './media.routes.ts';
export { deleteBlobs, forgetMediaOfStory, recordMedia, storeBlob } from './media.service.ts';
