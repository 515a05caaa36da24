/**
 * The story's frame: the whole screen on a phone; on a desktop phone-shaped in the middle, with
 * a margin either side for the previous/next arrows (StoryScreen). The viewer and the picture
 * shown while its code loads (OpeningPicture) share it, so one replaces the other in place.
 */
export const STORY_FRAME_CLASS =
  'relative h-full w-full max-w-[480px] lg:mx-16 lg:aspect-[9/16] lg:h-[calc(100dvh-2rem)] lg:max-h-[calc((100vw-30rem)*16/9)] lg:w-auto lg:max-w-none lg:shrink-0';

/** The media's box inside the frame, rounded on a desktop. */
export const STORY_MEDIA_BOX_CLASS = 'absolute inset-0 overflow-hidden lg:rounded-xl';

/** The viewer's backdrop: black on a phone, a near-black room around the frame on a desktop. */
export const VIEWER_BACKDROP_CLASS = 'media-surface bg-black text-white lg:bg-neutral-950';
