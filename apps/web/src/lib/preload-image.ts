/** A picture as an `<img>` asks for it: the same three attributes make the same request. */
export interface PictureRequest {
  src: string;
  srcSet?: string | null;
  sizes: string;
}

/**
 * Starts downloading a picture a screen is about to show, while its code is still on the way
 * (at the browser's priority for an image, or the one given). A detached image rather than
 * `<link rel="preload">`: the document's image cache serves the screen's `<img>` all the same,
 * and one the screen ends up not showing (the user moved on) leaves no "preloaded but not used"
 * warning behind. Media are `no-store`, and Chrome hands a preloaded response to the first
 * element that asks and fetches it again for the next; an image the page holds (keep the one
 * returned) serves every element of its URL.
 */
export function preloadImage(
  { src, srcSet, sizes }: PictureRequest,
  priority?: 'high' | 'low',
): HTMLImageElement {
  const image = new Image();
  if (priority) image.setAttribute('fetchpriority', priority);
  if (srcSet) {
    // sizes before srcset: the choice is made once both are known, as for the <img>.
    image.sizes = sizes;
    image.srcset = srcSet;
  }
  image.src = src;
  return image;
}
