import 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import {
  preloadOpeningStory,
  readiedOpeningPicture,
  readyOpeningPicture,
  STORY_IMAGE_SIZES,
} from './story-picture.ts';
import { makeGroup, makeStory } from './test/story-viewer.test-utils.tsx';

const preloads = () =>
  [...document.head.querySelectorAll('link[rel="preload"]')].map((link) => ({
    href: link.getAttribute('href'),
    srcset: link.getAttribute('imagesrcset'),
    priority: link.getAttribute('fetchpriority'),
  }));

afterEach(() => document.head.querySelectorAll('link[rel="preload"]').forEach((l) => l.remove()));

describe('preloadOpeningStory', () => {
  it('asks early for the first unwatched story, as the viewer will show it', () => {
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
    // With a srcset React's link names no href: the browser picks from the srcset, as the img will.
    expect(preloads()).toEqual([
      { href: null, srcset: '/media/two-480.webp 480w', priority: 'high' },
    ]);
  });

  it("takes a video's poster, and nothing for a locked story", () => {
    const video = makeStory({ id: 3, is_video: true, overlay_image_src: '/media/poster.jpg' });
    preloadOpeningStory(makeGroup({ stories: [video] }));
    const locked = makeStory({
      id: 4,
      isAvailable: false,
      overlay_src: null,
      overlay_image_src: null,
    });
    preloadOpeningStory(makeGroup({ stories: [locked] }));
    expect(preloads()).toEqual([{ href: '/media/poster.jpg', srcset: null, priority: 'high' }]);
  });
});

describe('readyOpeningPicture', () => {
  it('fetches the opening story as the viewer will ask for it, at low priority, and holds it', () => {
    const group = makeGroup({
      stories: [
        makeStory({ id: 1, watched: true, overlay_src: '/media/one.webp' }),
        makeStory({ id: 2, overlay_src: '/media/two.webp', overlay_srcset: '/media/two-480 480w' }),
      ],
    });
    readyOpeningPicture(group);
    const image = readiedOpeningPicture();
    expect(image).toBeInstanceOf(HTMLImageElement);
    expect(image?.getAttribute('src')).toBe('/media/two.webp');
    // The same srcset and sizes as the viewer's img, so the browser picks the same copy.
    expect(image?.getAttribute('srcset')).toBe('/media/two-480 480w');
    expect(image?.getAttribute('sizes')).toBe(STORY_IMAGE_SIZES);
    expect(image?.getAttribute('fetchpriority')).toBe('low');
    // Detached: nothing on the page changes, and no <link> whose response Chrome would not share.
    expect(image?.isConnected).toBe(false);
    expect(preloads()).toEqual([]);
  });

  it('holds nothing when the opening story is locked', () => {
    readyOpeningPicture(makeGroup({ stories: [makeStory({ id: 5 })] }));
    expect(readiedOpeningPicture()?.getAttribute('src')).toBe('/media/5.webp');
    const locked = makeStory({
      id: 6,
      isAvailable: false,
      overlay_src: null,
      overlay_image_src: null,
    });
    readyOpeningPicture(makeGroup({ stories: [locked] }));
    expect(readiedOpeningPicture()).toBeUndefined();
  });
});
