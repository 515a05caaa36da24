import type { HomeItem } from '@glimpse/contract';
import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routes } from '../../routes.ts';
import { focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { StoryAvatarButton } from './StoryAvatarButton.tsx';

/**
 * A row item (Subscribed, Following) is as wide as its name needs, between the photo's width and
 * a cap, so a name is cut only when it is longer than the cap, never while the row has room.
 */
const rowItemWidth = 'w-max min-w-20 max-w-28 lg:min-w-28 lg:max-w-40';

interface HomeListItemProps {
  item: HomeItem;
  /** Rows (Subscribed, Following) size to the name; grid cells (Discover) fill their column. */
  variant: 'row' | 'grid';
  onOpenStories: () => void;
  /** Past the first row of its list: the photo loads as it nears the viewport. */
  lazy?: boolean;
}

/** One creator in a home list: the photo opens their stories, the name their profile. */
export function HomeListItem({ item, variant, onOpenStories, lazy }: HomeListItemProps) {
  const { t } = useTranslation();
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-1 text-center',
        variant === 'row' ? rowItemWidth : 'w-full',
      )}
    >
      <StoryAvatarButton
        name={item.name}
        image={item.image}
        imageSrcSet={item.avatar_srcset}
        lazy={lazy}
        ringed={item.hasNotWatchedStories}
        onClick={onOpenStories}
        avatarClassName="lg:size-24 lg:text-3xl"
      />
      <span className="flex max-w-full items-center gap-0.5">
        <Link
          to={routes['otherUser.profile.viewSlug']({ slug: item.slug, from: 'home' })}
          className={cn(
            // 24 px tall (leading-6): a touch target a finger can hit (WCAG 2.5.8).
            'truncate rounded px-0.5 text-xs leading-6 font-medium text-neutral-900 hover:underline lg:text-sm',
            focusRing,
          )}
        >
          {item.name}
        </Link>
        {item.isVerify && (
          <BadgeCheck
            role="img"
            aria-label={t('home.verified')}
            size={14}
            className="shrink-0 text-accent"
          />
        )}
      </span>
    </div>
  );
}
