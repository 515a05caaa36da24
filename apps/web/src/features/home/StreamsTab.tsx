import type { HomeItem } from '@glimpse/contract';
import type { InfiniteData, UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRealtimeEvent } from '../../lib/realtime.ts';
import { routes } from '../../routes.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { toHomeListQuery, useFilterNarrows, useSavedFilter } from '../filter/index.ts';
import { failedLists } from './failed-lists.ts';
import { revealSection, useHomeActions } from './home-actions.ts';
import { discoverLimit, flattenPages } from './home.queries.ts';
import {
  useDiscoverStreams,
  useReloadStreamsSoon,
  useStreamsSection,
} from './home-streams.queries.ts';
import { HomeSection } from './HomeSection.tsx';
import { PagingFooter } from './PagingFooter.tsx';
import {
  actionClass,
  FilterActions,
  HomeLoadError,
  SectionEmpty,
  SectionSkeleton,
} from './SectionStates.tsx';
import { liveItems, StreamListItem } from './StreamListItem.tsx';

interface StreamsTabProps {
  /** The tab is shown: its lists refresh periodically only then. */
  active: boolean;
}

type Section = 'subscribed' | 'following' | 'discover';

/**
 * The Streams tab (spec 2): Subscribed, Following and Discover limited to creators live now,
 * under the Stories tab's saved filter. A lazy chunk, fetched when the tab is first shown;
 * `stream.started` / `stream.ended` (sent to every signed-in socket) reload the lists. As on
 * the Stories tab, lists that fail to load share one message with one retry.
 */
export function StreamsTab({ active }: StreamsTabProps) {
  const { t } = useTranslation();
  const filter = useSavedFilter();
  const narrowed = useFilterNarrows();
  const query = useMemo(() => toHomeListQuery(filter), [filter]);
  const discoverId = useId();
  const [limit] = useState(() => discoverLimit(window.innerHeight));
  const reloadSoon = useReloadStreamsSoon();
  useRealtimeEvent('stream.started', reloadSoon);
  useRealtimeEvent('stream.ended', reloadSoon);
  const shows = (section: Section) => filter.sections.includes(section);
  const subscribed = useStreamsSection('subscribed', query, active, shows('subscribed'));
  const following = useStreamsSection('following', query, active, shows('following'));
  const discover = useDiscoverStreams(query, limit, active, shows('discover'));
  const failed = failedLists({
    subscribed: shows('subscribed') ? subscribed : undefined,
    following: shows('following') ? following : undefined,
    discover: shows('discover') ? discover : undefined,
  });
  const rowProps = {
    narrowed, // Only a Discover that is there can be gone to (not while it failed).
    discoverId: shows('discover') && discover.data ? discoverId : undefined,
  };
  return (
    <div className="flex flex-col pb-6">
      {failed.length > 0 && (
        <HomeLoadError
          sections={failed.map(([section]) => t(`home.${section}`))}
          lists={failed.map(([, list]) => list)}
        />
      )}
      {shows('subscribed') && <StreamRow section="subscribed" list={subscribed} {...rowProps} />}
      {shows('following') && <StreamRow section="following" list={following} {...rowProps} />}
      {shows('discover') && <StreamGrid id={discoverId} discover={discover} narrowed={narrowed} />}
    </div>
  );
}

interface StreamRowProps {
  section: 'subscribed' | 'following';
  list: UseQueryResult<HomeItem[]>;
  narrowed: boolean;
  discoverId: string | undefined;
}

function StreamRow({ section, list, narrowed, discoverId }: StreamRowProps) {
  const { t } = useTranslation();
  const { showTab } = useHomeActions();
  if (!list.isPending && !list.data) return null;
  const items = liveItems(list.data ?? []);
  let body;
  if (list.isPending) body = <SectionSkeleton variant="row" />;
  else if (items.length > 0) {
    body = (
      <ul
        data-no-swipe=""
        className="-mx-4 flex gap-3 overflow-x-auto px-4 pb-1 [scrollbar-width:thin] lg:-mx-8 lg:gap-5 lg:px-8"
      >
        {items.map((item, index) => (
          <li key={item.id} className="shrink-0">
            <StreamListItem item={item} variant="row" lazy={index >= 5} />
          </li>
        ))}
      </ul>
    );
  } else if (narrowed) {
    body = (
      <SectionEmpty text={t(`home.emptyLive.${section}Filtered`)} action={<FilterActions />} />
    );
  } else {
    body = (
      <SectionEmpty
        text={t(`home.emptyLive.${section}`)}
        action={
          <>
            <Button variant="secondary" className={actionClass} onClick={() => showTab('stories')}>
              {t('home.action.seeStories')}
            </Button>
            {discoverId && (
              <Button
                variant="ghost"
                className={actionClass}
                onClick={() => revealSection(discoverId)}
              >
                {t('home.action.discoverLive')}
              </Button>
            )}
          </>
        }
      />
    );
  }
  return <HomeSection title={t(`home.${section}`)}>{body}</HomeSection>;
}

interface StreamGridProps {
  id: string;
  discover: UseInfiniteQueryResult<InfiniteData<HomeItem[]>>;
  narrowed: boolean;
}

/** Discover's live creators: the Stories tab's grid, paged the same way. */
function StreamGrid({ id, discover, narrowed }: StreamGridProps) {
  const { t } = useTranslation();
  if (!discover.isPending && !discover.data) return null;
  const items = liveItems(flattenPages(discover.data));
  let body;
  if (discover.isPending) body = <SectionSkeleton variant="grid" />;
  else if (items.length === 0 && narrowed) {
    body = <SectionEmpty text={t('home.emptyLive.discoverFiltered')} action={<FilterActions />} />;
  } else if (items.length === 0) {
    body = (
      <SectionEmpty
        text={t('home.emptyLive.discover')}
        action={
          <Link
            to={routes['user.own.profile.goLive']()}
            className={buttonClass('secondary', actionClass)}
          >
            {t('home.action.goLive')}
          </Link>
        }
      />
    );
  } else {
    body = (
      <ul className="grid grid-cols-3 gap-x-2 gap-y-4 lg:grid-cols-6 lg:gap-x-4 lg:gap-y-6">
        {items.map((item, index) => (
          <li key={item.id}>
            <StreamListItem item={item} variant="grid" lazy={index >= 3} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <HomeSection id={id} title={t('home.discover')}>
      {body}
      {discover.data && <PagingFooter list={discover} />}
    </HomeSection>
  );
}
