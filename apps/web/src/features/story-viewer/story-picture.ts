import type { Story, StoryGroup } from '@glimpse/contract';
import { preload } from 'react-dom';
import { resolveStoryIndex } from './viewer-state.ts';

/** The viewer's image width: a phone's screen, or the 540 px column of the desktop viewer. */
export const STORY_IMAGE_SIZES = '(min-width: 1024px) 540px, 100vw';

/** The picture a story shows first: its image (with the WebP copies) or a video's poster. */
export interface StoryPicture {
  src: string;
  srcSet?: string;
}

/** What the viewer's own elements show of `story` first (StoryMedia.tsx); null when locked. */
export function storyPicture(story: Story): StoryPicture | null {
  if (!story.isAvailable) return null;
  if (story.is_video) return story.overlay_image_src ? { src: story.overlay_image_src } : null;
  const src = story.overlay_src ?? story.overlay_image_src;
  if (!src) return null;
  const srcSet = (src === story.overlay_src && story.overlay_srcset) || undefined;
  return srcSet ? { src, srcSet } : { src };
}

/**
 * Asks the browser for the picture of `story` at high priority, as the viewer's own elements
 * will. That picture is the largest paint of an opened story; without this it waited for the
 * viewer's code and then shared the network with the video and the avatars.
 */
export function preloadStoryPicture(story: Story): void {
  const picture = storyPicture(story);
  if (!picture) return;
  preload(picture.src, {
    as: 'image',
    fetchPriority: 'high',
    ...(picture.srcSet ? { imageSrcSet: picture.srcSet, imageSizes: STORY_IMAGE_SIZES } : {}),
  });
}

/** The story a viewer opening `group` starts at, as viewer-state.ts picks it. */
export function openingStory(group: StoryGroup, startStoryIndex?: number): Story | undefined {
  const target =
    startStoryIndex === undefined
      ? ({ kind: 'firstUnwatched' } as const)
      : ({ kind: 'index', index: startStoryIndex } as const);
  const index = resolveStoryIndex(
    target,
    group.stories.map((story) => story.watched),
  );
  return group.stories[index];
}

/** The story a viewer opening `group` starts at, preloaded. */
export function preloadOpeningStory(group: StoryGroup, startStoryIndex?: number): void {
  const story = openingStory(group, startStoryIndex);
  if (story) preloadStoryPicture(story);
}

/** The one picture fetched ahead of a tap; held so the browser keeps it for the viewer. */
let readiedPicture: HTMLImageElement | undefined;

/**
 * Fetches, at low priority and outside the page, the picture a viewer opening `group` would
 * show first, so that a tap shows the story without waiting for it. A detached image rather
 * than `<link rel=preload>`: media are `no-store`, and Chrome hands a preloaded picture to the
 * first element that asks and fetches it again for the next (the viewer's loading state and then
 * the viewer itself), while an image the page holds serves every element of that URL.
 */
export function readyOpeningPicture(group: StoryGroup): void {
  const story = openingStory(group);
  const picture = story && storyPicture(story);
  readiedPicture = undefined;
  if (!picture) return;
  const image = new Image();
  image.setAttribute('fetchpriority', 'low');
  image.decoding = 'async';
  image.sizes = STORY_IMAGE_SIZES;
  if (picture.srcSet) image.srcset = picture.srcSet;
  image.src = picture.src;
  readiedPicture = image;
}

/** The picture readyOpeningPicture holds (none when the opening story has none), for tests. */
export function readiedOpeningPicture(): HTMLImageElement | undefined {
  return readiedPicture;
}
