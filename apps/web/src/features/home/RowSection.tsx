import type { HomeItem } from '@glimpse/contract';
import { useTranslation } from 'react-i18next';
import type { HomeListQuery } from '../filter/index.ts';
import { useHomeSection } from './home.queries.ts';
import { HomeListItem } from './HomeListItem.tsx';
import { HomeSection } from './HomeSection.tsx';
import { SectionEmpty, SectionError, SectionSkeleton } from './SectionStates.tsx';

interface RowSectionProps {
  section: 'subscribed' | 'following';
  query: HomeListQuery;
  /** Opens the viewer on this creator, with the section's creators as the sequence. */
  onOpenStories: (userIds: number[], startUserIndex: number) => void;
}

/** Subscribed or Following: one horizontally scrolling row of creators. */
export function RowSection({ section, query, onOpenStories }: RowSectionProps) {
  const { t } = useTranslation();
  const list = useHomeSection(section, query, true);
  return (
    <HomeSection title={t(`home.${section}`)}>
      {list.isPending ? (
        <SectionSkeleton variant="row" />
      ) : list.isError ? (
        <SectionError text={t('home.loadFailed')} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <SectionEmpty text={t(`home.empty.${section}`)} />
      ) : (
        <CreatorRow items={list.data} onOpenStories={onOpenStories} />
      )}
    </HomeSection>
  );
}

function CreatorRow({
  items,
  onOpenStories,
}: {
  items: HomeItem[];
  onOpenStories: RowSectionProps['onOpenStories'];
}) {
  const ids = items.map((item) => item.id);
  return (
    <ul
      data-no-swipe=""
      className="-mx-4 flex gap-3 overflow-x-auto px-4 pb-1 [scrollbar-width:thin] lg:-mx-8 lg:gap-5 lg:px-8"
    >
      {items.map((item, index) => (
        <li key={item.id} className="shrink-0">
          <HomeListItem
            item={item}
            variant="row"
            // About five fit a phone's width; the rest of the row scrolls into view later.
            lazy={index >= 5}
            onOpenStories={() => onOpenStories(ids, index)}
          />
        </li>
      ))}
    </ul>
  );
}
