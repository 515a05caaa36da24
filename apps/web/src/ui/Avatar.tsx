import { cn } from './cn.ts';

interface AvatarProps {
  src: string | null | undefined;
  /** The server's smaller copies (`avatar_srcset`): the browser takes the one the box needs. */
  srcSet?: string | null;
  name: string;
  alt?: string;
  size?: AvatarSize;
  /**
   * The box's CSS width when a layout draws it larger than `size` (e.g. on desktop), so the
   * browser picks a copy sharp enough: a `sizes` value such as "(min-width: 1024px) 96px, 64px".
   */
  sizes?: string;
  /** Below the first screenful: fetched only as it nears the viewport. */
  lazy?: boolean;
  className?: string;
}

export type AvatarSize = 'sm' | 'md' | 'lg';

/** Each size's box in CSS pixels, and its classes. */
const boxes: Record<AvatarSize, { px: number; classes: string }> = {
  sm: { px: 40, classes: 'size-10 text-base' },
  md: { px: 64, classes: 'size-16 text-xl' },
  lg: { px: 96, classes: 'size-24 text-3xl' },
};

/** The user's photo, or their initial on an accent background when they have none. */
export function Avatar({
  src,
  srcSet,
  name,
  alt,
  size = 'md',
  sizes,
  lazy = false,
  className,
}: AvatarProps) {
  const box = boxes[size];
  const classes = cn('shrink-0 rounded-full object-cover', box.classes, className);
  if (src) {
    return (
      <img
        src={src}
        srcSet={srcSet ?? undefined}
        sizes={srcSet ? (sizes ?? `${box.px}px`) : undefined}
        width={box.px}
        height={box.px}
        loading={lazy ? 'lazy' : undefined}
        decoding="async"
        alt={alt ?? name}
        className={classes}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={alt ?? name}
      className={cn(
        classes,
        'inline-flex items-center justify-center bg-accent/15 font-semibold text-accent-strong',
      )}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
