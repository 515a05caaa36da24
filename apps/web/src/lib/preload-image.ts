/** A picture as an `<img>` asks for it: the same three attributes make the same request. */
export interface PictureRequest {
  src: string;
  srcSet?: string | null;
  sizes: string;
}

/**
 * Starts downloading a picture the first screen is about to show, while its code is still on
 * the way. A detached image rather than `<link rel="preload">`: the document's image cache
 * serves the screen's `<img>` all the same, and one the screen ends up not showing (the user
 * moved on) leaves no "preloaded but not used" warning behind.
 */
export function preloadImage({ src, srcSet, sizes }: PictureRequest): void {
  const image = new Image();
  if (srcSet) {
    // sizes before srcset: the choice is made once both are known, as for the <img>.
    image.sizes = sizes;
    image.srcset = srcSet;
  }
  image.src = src;
}
