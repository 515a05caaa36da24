import { cn } from './cn.ts';

interface AvatarProps {
  src: string | null | undefined;
  name: string;
  alt?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = { sm: 'size-10 text-base', md: 'size-16 text-xl', lg: 'size-24 text-3xl' };

/** The user's photo, or their initial on an accent background when they have none. */
export function Avatar({ src, name, alt, size = 'md', className }: AvatarProps) {
  const classes = cn('shrink-0 rounded-full object-cover', sizes[size], className);
  if (src) return <img src={src} alt={alt ?? name} className={classes} />;
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
