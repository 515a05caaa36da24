import { vi } from 'vitest';

/**
 * jsdom makes no object URLs and decodes no pictures: for one test, `URL.createObjectURL` hands
 * out a URL per blob (`blobOf` says which) and every picture decodes at `width` x `height`, so
 * capture.ts reads a picked photo's size as a browser would. Undone after the test (setup.ts).
 */
export function decodePicturesAs(width: number, height: number) {
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:picture-${blobs.size + 1}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.stubGlobal('Image', function DecodedImage() {
    const image = document.createElement('img');
    Object.defineProperties(image, {
      naturalWidth: { value: width },
      naturalHeight: { value: height },
      src: {
        get: () => image.getAttribute('src') ?? '',
        set: (url: string) => {
          image.setAttribute('src', url);
          setTimeout(() => image.dispatchEvent(new Event('load')), 0);
        },
      },
    });
    return image;
  });
  return { blobOf: (url: string | null) => (url ? blobs.get(url) : undefined), revokeObjectURL };
}
