import type { ImgHTMLAttributes } from 'react';

interface ResponsiveImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'loading' | 'width' | 'height'
> {
  src: string;
  /** The server's smaller copies (`overlay_srcset`); without them the browser takes `src`. */
  srcSet?: string | null;
  /** How wide the box is drawn, as `sizes` ("33vw", "(min-width: 1024px) 200px, 33vw"). */
  sizes: string;
  /** The image's proportions, so the page reserves its box before it arrives. */
  width: number;
  height: number;
  /** Below the first screenful: fetched only as it nears the viewport. */
  lazy?: boolean;
  alt: string;
}

/**
 * An `<img>` in the size it is shown: with the server's smaller WebP copies in `srcset` and the
 * box's width in `sizes`, a phone fetches a tile's 240 px copy instead of the 1080 px story.
 */
export function ResponsiveImage({
  src,
  srcSet,
  sizes,
  width,
  height,
  lazy = false,
  alt,
  ...rest
}: ResponsiveImageProps) {
  return (
    <img
      src={src}
      srcSet={srcSet ?? undefined}
      sizes={srcSet ? sizes : undefined}
      width={width}
      height={height}
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
      alt={alt}
      {...rest}
    />
  );
}
