import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/Avatar.tsx';
import { focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';

interface StoryAvatarButtonProps {
  name: string;
  image: string | null;
  /** The photo's smaller copies (`avatar_srcset`). */
  imageSrcSet?: string | null;
  /** The photo's drawn width where a layout draws it larger than `size` (Avatar's `sizes`). */
  imageSizes?: string;
  /** Below the first row: the photo loads as it nears the viewport. */
  lazy?: boolean;
  /** Unwatched stories: the accent ring shows. */
  ringed: boolean;
  size?: 'sm' | 'md' | 'lg';
  onClick: () => void;
  className?: string;
  /** Extra classes for the photo, e.g. a larger size on wide screens. */
  avatarClassName?: string;
}

/** A creator's photo that opens their stories, ringed in the accent gradient while any is new. */
export function StoryAvatarButton({
  name,
  image,
  imageSrcSet,
  imageSizes,
  lazy,
  ringed,
  size = 'md',
  onClick,
  className,
  avatarClassName,
}: StoryAvatarButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={t(ringed ? 'home.openStoriesNew' : 'home.openStories', { name })}
      data-ringed={ringed}
      className={cn(
        'shrink-0 rounded-full p-[3px]',
        ringed ? 'bg-linear-to-tr from-accent via-accent to-amber-400' : 'bg-neutral-200',
        focusRing,
        className,
      )}
    >
      <span aria-hidden="true" className="block rounded-full bg-white p-[2px]">
        <Avatar
          src={image}
          srcSet={imageSrcSet}
          sizes={imageSizes}
          lazy={lazy}
          name={name}
          alt=""
          size={size}
          className={avatarClassName}
        />
      </span>
    </button>
  );
}
