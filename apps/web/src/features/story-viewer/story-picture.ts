import type { Story, StoryGroup } from '@glimpse/contract';
import { preloadImage } from '../../lib/preload-image.ts';
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

/** Pictures asked for ahead of the viewer, held so the browser keeps serving them from memory. */
const heldPictures = new Map<string, HTMLImageElement>();
/** The opening picture, the next story's and a spare: older ones are let go. */
const HELD_PICTURES = 4;

/**
 * Asks the browser for the picture of `story` as the viewer's own elements will (same `src`,
 * `srcset` and `sizes`), at high priority, or low when readying it before any tap. That picture
 * is the largest paint of an opened story; without this it waited for the viewer's code and
 * then shared the network with the video and the avatars. The image is held (lib/preload-image.ts
 * says why not a preload link): the loading state's picture, the viewer's and a video's poster
 * are then one request.
 */
export function preloadStoryPicture(story: Story, priority: 'high' | 'low' = 'high'): void {
  const picture = storyPicture(story);
  if (!picture) return;
  const key = `${picture.src} ${picture.srcSet ?? ''}`;
  if (heldPictures.has(key)) return;
  heldPictures.set(key, preloadImage({ ...picture, sizes: STORY_IMAGE_SIZES }, priority));
  for (const oldest of heldPictures.keys()) {
    if (heldPictures.size <= HELD_PICTURES) break;
    heldPictures.delete(oldest);
  }
}

/** The pictures preloadStoryPicture holds, oldest first (for tests). */
export function heldStoryPictures(): HTMLImageElement[] {
  return [...heldPictures.values()];
}

/** Lets every held picture go, as a new page starts with none (test/setup.ts, between files). */
export function releaseHeldStoryPictures(): void {
  heldPictures.clear();
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

/** The picture of the story a viewer opening `group` starts at, preloaded. */
export function preloadOpeningStory(
  group: StoryGroup,
  startStoryIndex?: number,
  priority: 'high' | 'low' = 'high',
): void {
  const story = openingStory(group, startStoryIndex);
  if (story) preloadStoryPicture(story, priority);
}
