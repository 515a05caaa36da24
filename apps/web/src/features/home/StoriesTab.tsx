import { useMemo } from 'react';
import { toHomeListQuery } from '../filter/index.ts';
import { useSavedFilter } from '../filter/index.ts';
import { DiscoverSection } from './DiscoverSection.tsx';
import { useHasSavedFilter } from '../filter/index.ts';
import { useReloadHomeLists } from './home.queries.ts';
import { useStoryViewer } from './open-viewer.ts';
import { RowSection } from './RowSection.tsx';

/** Subscribed, Following and Discover, each shown unless the saved filter leaves it out. */
export function StoriesTab() {
  const filter = useSavedFilter();
  const filtered = useHasSavedFilter();
  const query = useMemo(() => toHomeListQuery(filter), [filter]);
  const viewer = useStoryViewer();
  const reloadHomeLists = useReloadHomeLists();

  function handleOpenStories(userIds: number[], startUserIndex: number) {
    viewer.open({ userIds, startUserIndex, onClose: reloadHomeLists });
  }

  const shows = (section: 'subscribed' | 'following' | 'discover') =>
    filter.sections.includes(section);
  return (
    <div className="flex flex-col pb-6">
      {shows('subscribed') && (
        <RowSection section="subscribed" query={query} onOpenStories={handleOpenStories} />
      )}
      {shows('following') && (
        <RowSection section="following" query={query} onOpenStories={handleOpenStories} />
      )}
      {shows('discover') && (
        <DiscoverSection query={query} filtered={filtered} onOpenStories={handleOpenStories} />
      )}
    </div>
  );
}
