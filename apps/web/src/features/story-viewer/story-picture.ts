import type { Story, StoryGroup } from '@glimpse/contract';
import { preload } from 'react-dom';
import { resolveStoryIndex } from './viewer-state.ts';

/** The viewer's image width: a phone's screen, or the 540 px column of the desktop viewer. */
export const STORY_IMAGE_SIZES = '(min-width: 1024px) 540px, 100vw';

/**
 * Asks the browser for what the viewer will show of `story` first, at high priority, as the
 * viewer's own elements will (StoryMedia.tsx): the image with its WebP copies, or a video's
 * poster. That picture is the largest paint of an opened story; without this it waited for
 * the viewer's code and then shared the network with the video and the avatars.
 */
export function preloadStoryPicture(story: Story): void {
  if (!story.isAvailable) return;
  if (story.is_video) {
    if (story.overlay_image_src) {
      preload(story.overlay_image_src, { as: 'image', fetchPriority: 'high' });
    }
    return;
  }
  const src = story.overlay_src ?? story.overlay_image_src;
  if (!src) return;
  const srcSet = (src === story.overlay_src && story.overlay_srcset) || undefined;
  preload(src, {
    as: 'image',
    fetchPriority: 'high',
    ...(srcSet ? { imageSrcSet: srcSet, imageSizes: STORY_IMAGE_SIZES } : {}),
  });
}

/** The story a viewer opening `group` starts at (as viewer-state.ts picks it), preloaded. */
export function preloadOpeningStory(group: StoryGroup, startStoryIndex?: number): void {
  const target =
    startStoryIndex === undefined
      ? ({ kind: 'firstUnwatched' } as const)
      : ({ kind: 'index', index: startStoryIndex } as const);
  const index = resolveStoryIndex(
    target,
    group.stories.map((story) => story.watched),
  );
  const story = group.stories[index];
  if (story) preloadStoryPicture(story);
}
