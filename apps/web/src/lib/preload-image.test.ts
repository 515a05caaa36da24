import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadImage } from './preload-image.ts';

/** The images preloadImage creates, caught as their src is set (the moment a browser fetches). */
function catchImages(): HTMLImageElement[] {
  const images: HTMLImageElement[] = [];
  vi.spyOn(HTMLImageElement.prototype, 'src', 'set').mockImplementation(function (
    this: HTMLImageElement,
    value: string,
  ) {
    images.push(this);
    this.setAttribute('src', value);
  });
  return images;
}

afterEach(() => vi.restoreAllMocks());

describe('preloadImage', () => {
  it('asks with srcset and sizes already set, so the browser picks the copy the <img> will', () => {
    const images = catchImages();
    preloadImage({ src: '/media/a.jpg', srcSet: '/media/a-128.webp 128w', sizes: '64px' });
    expect(images).toHaveLength(1);
    expect(images[0]!.getAttribute('srcset')).toBe('/media/a-128.webp 128w');
    expect(images[0]!.getAttribute('sizes')).toBe('64px');
    expect(images[0]!.getAttribute('src')).toBe('/media/a.jpg');
    // Detached: nothing is added to the page.
    expect(images[0]!.isConnected).toBe(false);
  });

  it('asks for src alone when the picture has no smaller copies', () => {
    const images = catchImages();
    preloadImage({ src: '/media/b.jpg', srcSet: null, sizes: '64px' });
    expect(images[0]!.hasAttribute('srcset')).toBe(false);
    expect(images[0]!.hasAttribute('sizes')).toBe(false);
  });

  it('asks at the priority given, and returns the image for the caller to hold', () => {
    const images = catchImages();
    const image = preloadImage({ src: '/media/c.jpg', sizes: '100vw' }, 'low');
    expect(image).toBe(images[0]);
    expect(image.getAttribute('fetchpriority')).toBe('low');
    preloadImage({ src: '/media/d.jpg', sizes: '100vw' });
    expect(images[1]!.hasAttribute('fetchpriority')).toBe(false);
  });
});
