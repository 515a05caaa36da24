import type { HomeItem } from '@glimpse/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routes } from '../../routes.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { LiveBadge, ViewerCount } from '../live/index.ts';
import { CreatorNameLink, homeItemWidth } from './CreatorNameLink.tsx';

export type LiveHomeItem = HomeItem & { stream: NonNullable<HomeItem['stream']> };

interface StreamListItemProps {
  item: LiveHomeItem;
  /** Rows (Subscribed, Following) size to the name; grid cells (Discover) fill their column. */
  variant: 'row' | 'grid';
  /** Past the first row of its list: the photo loads as it nears the viewport. */
  lazy?: boolean;
}

/**
 * A creator who is live, in a Streams tab list (spec 2): the photo opens the stream
 * (`otherUser.profile.viewStreams` with fromHome), the name the profile, as in the Stories tab.
 */
export function StreamListItem({ item, variant, lazy }: StreamListItemProps) {
  const { t } = useTranslation();
  const { stream } = item;
  return (
    <div className={cn('flex flex-col items-center gap-1 text-center', homeItemWidth(variant))}>
      <Link
        to={routes['otherUser.profile.viewStreams']({ slug: item.slug, fromHome: true })}
        aria-label={t('live.item.open', {
          name: item.name,
          title: stream.title,
          count: stream.viewer_count,
        })}
        title={stream.title}
        className={cn('relative shrink-0 rounded-full bg-red-600 p-[3px]', focusRing)}
      >
        <span aria-hidden="true" className="block rounded-full bg-white p-[2px]">
          <Avatar
            src={item.image}
            srcSet={item.avatar_srcset}
            lazy={lazy}
            name={item.name}
            alt=""
            className="lg:size-24 lg:text-3xl"
          />
        </span>
        <LiveBadge className="absolute -bottom-1 left-1/2 -translate-x-1/2 ring-2 ring-white" />
      </Link>
      <CreatorNameLink
        name={item.name}
        slug={item.slug}
        verified={item.isVerify}
        className="mt-1"
      />
      <ViewerCount count={stream.viewer_count} className="text-xs text-neutral-600" />
    </div>
  );
}

/** The live ones of a list (an item without a stream ended between the query and now). */
export function liveItems(items: HomeItem[]): LiveHomeItem[] {
  return items.filter((item): item is LiveHomeItem => item.stream !== null);
}
