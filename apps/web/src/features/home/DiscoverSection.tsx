import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import type { HomeListQuery } from '../filter/index.ts';
import { discoverLimit, flattenPages, useDiscover } from './home.queries.ts';
import { HomeListItem } from './HomeListItem.tsx';
import { HomeSection } from './HomeSection.tsx';
import { SectionEmpty, SectionError, SectionSkeleton } from './SectionStates.tsx';
import { useSentinel } from './use-sentinel.ts';

interface DiscoverSectionProps {
  query: HomeListQuery;
  /** A saved filter is narrowing the list (changes the empty text). */
  filtered: boolean;
  onOpenStories: (userIds: number[], startUserIndex: number) => void;
}

/**
 * Discover: a grid of 3 columns on a phone, 6 on a desktop; page 1 loads at once, later pages
 * when the end comes into view.
 */
export function DiscoverSection({ query, filtered, onOpenStories }: DiscoverSectionProps) {
  const { t } = useTranslation();
  // Fixed for this visit, so refreshed pages line up with the ones already shown.
  const [limit] = useState(() => discoverLimit(window.innerHeight));
  const discover = useDiscover(query, limit, true);
  const items = flattenPages(discover.data);
  const canLoadMore =
    discover.isSuccess &&
    discover.hasNextPage &&
    !discover.isFetchingNextPage &&
    !discover.isFetchNextPageError;
  const sentinelRef = useSentinel<HTMLDivElement>(() => void discover.fetchNextPage(), {
    enabled: canLoadMore,
    resetKey: discover.data?.pages.length,
  });

  if (discover.isPending) {
    return (
      <HomeSection title={t('home.discover')}>
        <SectionSkeleton variant="grid" />
      </HomeSection>
    );
  }
  if (discover.isError && items.length === 0) {
    return (
      <HomeSection title={t('home.discover')}>
        <SectionError text={t('home.loadFailed')} onRetry={() => void discover.refetch()} />
      </HomeSection>
    );
  }
  const ids = items.map((item) => item.id);
  return (
    <HomeSection title={t('home.discover')}>
      {items.length === 0 ? (
        <SectionEmpty text={t(filtered ? 'home.empty.discoverFiltered' : 'home.empty.discover')} />
      ) : (
        <ul className="grid grid-cols-3 gap-x-2 gap-y-4 lg:grid-cols-6 lg:gap-x-4 lg:gap-y-6">
          {items.map((item, index) => (
            <li key={item.id}>
              <HomeListItem
                item={item}
                variant="grid"
                // The first row shows at once; the rest of the grid as the reader scrolls.
                lazy={index >= 3}
                onOpenStories={() => onOpenStories(ids, index)}
              />
            </li>
          ))}
        </ul>
      )}
      {discover.isFetchingNextPage && <Spinner className="py-4" label={t('home.loadingMore')} />}
      {discover.isFetchNextPageError && (
        <div className="flex items-center justify-center gap-3 py-2 text-sm text-neutral-700">
          {t('home.loadMoreFailed')}
          <Button variant="secondary" onClick={() => void discover.fetchNextPage()}>
            {t('common.retry')}
          </Button>
        </div>
      )}
      {discover.hasNextPage && (
        <div
          ref={sentinelRef}
          aria-hidden="true"
          data-testid="discover-sentinel"
          className="h-px"
        />
      )}
    </HomeSection>
  );
}
