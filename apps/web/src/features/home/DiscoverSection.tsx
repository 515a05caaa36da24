import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HomeListQuery } from '../filter/index.ts';
import { discoverLimit, flattenPages, useDiscover } from './home.queries.ts';
import { HomeListItem } from './HomeListItem.tsx';
import { HomeSection } from './HomeSection.tsx';
import { PagingFooter } from './PagingFooter.tsx';
import { SectionEmpty, SectionError, SectionSkeleton } from './SectionStates.tsx';

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
      <PagingFooter list={discover} sentinelTestId="discover-sentinel" />
    </HomeSection>
  );
}
