import 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadOpeningStory } from './story-picture.ts';
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
