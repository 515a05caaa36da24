import type { ChatStory, Story } from '@glimpse/contract';

/** What showing a story needs; a chat story and a story fetched after unlocking both have it. */
export type StoryMedia = Pick<
  ChatStory,
  'is_video' | 'overlay_src' | 'overlay_image_src' | 'mp4_video_src' | 'webm_video_src' | 'text'
>;

/** The picture for a preview: the WebP, else the JPEG (poster for a video). */
export function previewSrc(media: StoryMedia): string | null {
  return media.overlay_src ?? media.overlay_image_src;
}

export function mediaOf(story: Story): StoryMedia {
  const { is_video, overlay_src, overlay_image_src, mp4_video_src, webm_video_src, text } = story;
  return { is_video, overlay_src, overlay_image_src, mp4_video_src, webm_video_src, text };
}
