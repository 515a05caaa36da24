import type { HomeItem } from '@glimpse/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { revealSection } from './home-actions.ts';
import { HomeListItem } from './HomeListItem.tsx';
import { HomeSection } from './HomeSection.tsx';
import { actionClass, FilterActions, SectionEmpty, SectionSkeleton } from './SectionStates.tsx';

interface RowSectionProps {
  section: 'subscribed' | 'following';
  /**
   * The section's creators, undefined until loaded or when the load failed (StoriesTab asks for
   * the lists, so one failure message can cover them all).
   */
  items: HomeItem[] | undefined;
  pending: boolean;
  /** The saved filter leaves creators out: an empty row says so and offers to change it. */
  narrowed: boolean;
  /** Discover's section id when it is shown: an empty row offers to go there. */
  discoverId: string | undefined;
  /** Opens the viewer on this creator, with the section's creators as the sequence. */
  onOpenStories: (userIds: number[], startUserIndex: number) => void;
}

/**
 * Subscribed or Following: one horizontally scrolling row of creators. Memoised: a row holds up
 * to hundreds of creators, and each page of Discover re-renders the tab around it.
 */
export const RowSection = memo(function RowSection({
  section,
  items,
  pending,
  narrowed,
  discoverId,
  onOpenStories,
}: RowSectionProps) {
  const { t } = useTranslation();
  let body;
  if (pending) body = <SectionSkeleton variant="row" />;
  else if (!items) return null;
  else if (items.length > 0) body = <CreatorRow items={items} onOpenStories={onOpenStories} />;
  else if (narrowed) {
    body = <SectionEmpty text={t(`home.empty.${section}Filtered`)} action={<FilterActions />} />;
  } else {
    body = (
      <SectionEmpty
        text={t(`home.empty.${section}`)}
        action={
          discoverId ? (
            <Button
              variant="secondary"
              className={actionClass}
              onClick={() => revealSection(discoverId)}
            >
              {t('home.action.discover')}
            </Button>
          ) : (
            <FilterActions />
          )
        }
      />
    );
  }
  return <HomeSection title={t(`home.${section}`)}>{body}</HomeSection>;
});

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
