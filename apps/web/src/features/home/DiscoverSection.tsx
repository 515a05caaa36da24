import type { HomeItem } from '@glimpse/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { flattenPages } from './home.queries.ts';
import { HomeListItem } from './HomeListItem.tsx';
import { HomeSection } from './HomeSection.tsx';
import { PagingFooter } from './PagingFooter.tsx';
import { actionClass, FilterActions, SectionEmpty, SectionSkeleton } from './SectionStates.tsx';

interface DiscoverSectionProps {
  /** Discover's pages (StoriesTab asks for them, so one failure message can cover all lists). */
  discover: UseInfiniteQueryResult<InfiniteData<HomeItem[]>>;
  /** The saved filter leaves creators out (changes the empty text and its actions). */
  narrowed: boolean;
  /** The section's id, for the other sections' "Discover creators". */
  id: string;
  onOpenStories: (userIds: number[], startUserIndex: number) => void;
}

/**
 * Discover: a grid of 3 columns on a phone, 6 on a desktop; page 1 loads at once, later pages
 * when the end comes into view.
 */
export function DiscoverSection({ discover, narrowed, id, onOpenStories }: DiscoverSectionProps) {
  const { t } = useTranslation();
  const items = flattenPages(discover.data);
  let body;
  if (discover.isPending) body = <SectionSkeleton variant="grid" />;
  else if (!discover.data) return null;
  else if (items.length === 0 && narrowed) {
    body = <SectionEmpty text={t('home.empty.discoverFiltered')} action={<FilterActions />} />;
  } else if (items.length === 0) {
    body = (
      <SectionEmpty
        text={t('home.empty.discover')}
        action={
          <Button
            variant="secondary"
            className={actionClass}
            disabled={discover.isFetching}
            onClick={() => void discover.refetch()}
          >
            {t('home.action.refresh')}
          </Button>
        }
      />
    );
  } else {
    const ids = items.map((item) => item.id);
    body = (
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
    );
  }
  return (
    <HomeSection id={id} title={t('home.discover')}>
      {body}
      {discover.data && <PagingFooter list={discover} sentinelTestId="discover-sentinel" />}
    </HomeSection>
  );
}
