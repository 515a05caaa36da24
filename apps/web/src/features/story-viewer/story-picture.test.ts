import { describe, expect, it } from 'vitest';
import {
  heldStoryPictures,
  preloadOpeningStory,
  preloadStoryPicture,
  STORY_IMAGE_SIZES,
} from './story-picture.ts';
import { makeGroup, makeStory } from './test/story-viewer.test-utils.tsx';

/** The held picture of this src (each test uses its own srcs: the held list outlives a test). */
const held = (src: string) =>
  heldStoryPictures().filter((image) => image.getAttribute('src') === src);

describe('preloadOpeningStory', () => {
  it('asks early for the first unwatched story, as the viewer will show it, and holds it', () => {
    const group = makeGroup({
      stories: [
        makeStory({ id: 1, watched: true, overlay_src: '/media/one.webp' }),
        makeStory({
          id: 2,
          watched: false,
          overlay_src: '/media/two.webp',
          overlay_srcset: '/media/two-480.webp 480w',
        }),
      ],
    });
    preloadOpeningStory(group);
    expect(held('/media/one.webp')).toEqual([]);
    const [image] = held('/media/two.webp');
    // The same srcset and sizes as the viewer's img, so the browser picks the same copy.
    expect(image?.getAttribute('srcset')).toBe('/media/two-480.webp 480w');
    expect(image?.getAttribute('sizes')).toBe(STORY_IMAGE_SIZES);
    expect(image?.getAttribute('fetchpriority')).toBe('high');
    // Detached, and no <link rel=preload> whose response Chrome would hand to one element only.
    expect(image?.isConnected).toBe(false);
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
  });

  it("takes a video's poster, and nothing for a locked story", () => {
    const before = heldStoryPictures().length;
    const video = makeStory({ id: 3, is_video: true, overlay_image_src: '/media/poster.jpg' });
    preloadOpeningStory(makeGroup({ stories: [video] }));
    const locked = makeStory({
      id: 4,
      isAvailable: false,
      overlay_src: null,
      overlay_image_src: null,
    });
    preloadOpeningStory(makeGroup({ stories: [locked] }));
    expect(held('/media/poster.jpg')).toHaveLength(1);
    expect(held('/media/poster.jpg')[0]?.hasAttribute('srcset')).toBe(false);
    expect(heldStoryPictures().length).toBe(Math.min(before + 1, 4));
  });

  it('asks at low priority when readying a story before any tap', () => {
    preloadOpeningStory(makeGroup({ stories: [makeStory({ id: 5 })] }), undefined, 'low');
    expect(held('/media/5.webp')[0]?.getAttribute('fetchpriority')).toBe('low');
  });
});

describe('preloadStoryPicture', () => {
  it('asks once per picture, however often a render calls it', () => {
    const story = makeStory({ id: 6 });
    preloadStoryPicture(story);
    preloadStoryPicture(story);
    expect(held('/media/6.webp')).toHaveLength(1);
  });

  it('holds only the latest four pictures', () => {
    for (const id of [70, 71, 72, 73, 74]) preloadStoryPicture(makeStory({ id }));
    expect(heldStoryPictures().map((image) => image.getAttribute('src'))).toEqual([
      '/media/71.webp',
      '/media/72.webp',
      '/media/73.webp',
      '/media/74.webp',
    ]);
  });
});
