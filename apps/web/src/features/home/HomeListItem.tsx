import type { HomeItem } from '@glimpse/contract';
import { cn } from '../../ui/cn.ts';
import { HOME_AVATAR_SIZES } from '../../ui/picture-sizes.ts';
import { CreatorNameLink, homeItemWidth } from './CreatorNameLink.tsx';
import { StoryAvatarButton } from './StoryAvatarButton.tsx';

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
  return (
    <div className={cn('flex flex-col items-center gap-1 text-center', homeItemWidth(variant))}>
      <StoryAvatarButton
        name={item.name}
        image={item.image}
        imageSrcSet={item.avatar_srcset}
        imageSizes={HOME_AVATAR_SIZES}
        lazy={lazy}
        ringed={item.hasNotWatchedStories}
        onClick={onOpenStories}
        avatarClassName="lg:size-24 lg:text-3xl"
      />
      <CreatorNameLink name={item.name} slug={item.slug} verified={item.isVerify} />
    </div>
  );
}
