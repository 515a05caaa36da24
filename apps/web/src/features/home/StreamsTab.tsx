import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRealtimeEvent } from '../../lib/realtime.ts';
import { toHomeListQuery, useHasSavedFilter, useSavedFilter } from '../filter/index.ts';
import type { HomeListQuery } from '../filter/index.ts';
import { discoverLimit, flattenPages } from './home.queries.ts';
import {
  useDiscoverStreams,
  useReloadStreamsSoon,
  useStreamsSection,
} from './home-streams.queries.ts';
import { HomeSection } from './HomeSection.tsx';
import { PagingFooter } from './PagingFooter.tsx';
import { SectionEmpty, SectionError, SectionSkeleton } from './SectionStates.tsx';
import { liveItems, StreamListItem } from './StreamListItem.tsx';

interface StreamsTabProps {
  /** The tab is shown: its lists refresh periodically only then. */
  active: boolean;
}

/**
 * The Streams tab (spec 2): Subscribed, Following and Discover limited to creators live now,
 * under the Stories tab's saved filter. A lazy chunk, fetched when the tab is first shown;
 * `stream.started` / `stream.ended` (sent to every signed-in socket) reload the lists.
 */
export function StreamsTab({ active }: StreamsTabProps) {
  const filter = useSavedFilter();
  const filtered = useHasSavedFilter();
  const query = useMemo(() => toHomeListQuery(filter), [filter]);
  const reloadSoon = useReloadStreamsSoon();
  useRealtimeEvent('stream.started', reloadSoon);
  useRealtimeEvent('stream.ended', reloadSoon);
  const shows = (section: 'subscribed' | 'following' | 'discover') =>
    filter.sections.includes(section);
  return (
    <div className="flex flex-col pb-6">
      {shows('subscribed') && <StreamRow section="subscribed" query={query} active={active} />}
      {shows('following') && <StreamRow section="following" query={query} active={active} />}
      {shows('discover') && <StreamGrid query={query} filtered={filtered} active={active} />}
    </div>
  );
}

interface StreamRowProps {
  section: 'subscribed' | 'following';
  query: HomeListQuery;
  active: boolean;
}

function StreamRow({ section, query, active }: StreamRowProps) {
  const { t } = useTranslation();
  const list = useStreamsSection(section, query, active);
  const items = liveItems(list.data ?? []);
  return (
    <HomeSection title={t(`home.${section}`)}>
      {list.isPending ? (
        <SectionSkeleton variant="row" />
      ) : list.isError ? (
        <SectionError text={t('home.loadFailed')} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <SectionEmpty text={t(`live.empty.${section}`)} />
      ) : (
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
      )}
    </HomeSection>
  );
}

interface StreamGridProps {
  query: HomeListQuery;
  filtered: boolean;
  active: boolean;
}

/** Discover's live creators: the Stories tab's grid, paged the same way. */
function StreamGrid({ query, filtered, active }: StreamGridProps) {
  const { t } = useTranslation();
  const [limit] = useState(() => discoverLimit(window.innerHeight));
  const discover = useDiscoverStreams(query, limit, active);
  const items = liveItems(flattenPages(discover.data));
  let body;
  if (discover.isPending) body = <SectionSkeleton variant="grid" />;
  else if (discover.isError && items.length === 0) {
    body = <SectionError text={t('home.loadFailed')} onRetry={() => void discover.refetch()} />;
  } else if (items.length === 0) {
    body = (
      <SectionEmpty text={t(filtered ? 'live.empty.discoverFiltered' : 'live.empty.discover')} />
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
    <HomeSection title={t('home.discover')}>
      {body}
      <PagingFooter list={discover} />
    </HomeSection>
  );
}
