import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toHomeListQuery, useFilterNarrows, useSavedFilter } from '../filter/index.ts';
import { DiscoverSection } from './DiscoverSection.tsx';
import { discoverLimit, useDiscover, useHomeSection, useReloadHomeLists } from './home.queries.ts';
import { failedLists } from './failed-lists.ts';
import { useStoryViewer } from './open-viewer.ts';
import { RowSection } from './RowSection.tsx';
import { HomeLoadError } from './SectionStates.tsx';

/**
 * Subscribed, Following and Discover, each shown unless the saved filter leaves it out. The tab
 * asks for the lists itself: when several fail (a server that is down fails all three), one
 * message with one retry stands for them, and the failed sections step aside.
 */
export function StoriesTab() {
  const { t } = useTranslation();
  const filter = useSavedFilter();
  const narrowed = useFilterNarrows();
  const query = useMemo(() => toHomeListQuery(filter), [filter]);
  const viewer = useStoryViewer();
  const reloadHomeLists = useReloadHomeLists();
  const discoverId = useId();
  // Fixed for this visit, so refreshed pages line up with the ones already shown.
  const [limit] = useState(() => discoverLimit(window.innerHeight));
  const shows = (section: 'subscribed' | 'following' | 'discover') =>
    filter.sections.includes(section);
  const subscribed = useHomeSection('subscribed', query, shows('subscribed'));
  const following = useHomeSection('following', query, shows('following'));
  const discover = useDiscover(query, limit, shows('discover'));

  const handleOpenStories = useCallback(
    (userIds: number[], startUserIndex: number) =>
      viewer.open({ userIds, startUserIndex, onClose: reloadHomeLists }),
    [viewer, reloadHomeLists],
  );

  const failed = failedLists({
    subscribed: shows('subscribed') ? subscribed : undefined,
    following: shows('following') ? following : undefined,
    discover: shows('discover') ? discover : undefined,
  });
  const rowProps = {
    narrowed,
    // Only a Discover that is there can be gone to (not while it failed).
    discoverId: shows('discover') && discover.data ? discoverId : undefined,
    onOpenStories: handleOpenStories,
  };
  return (
    <div className="flex flex-col pb-6">
      {failed.length > 0 && (
        <HomeLoadError
          sections={failed.map(([section]) => t(`home.${section}`))}
          lists={failed.map(([, list]) => list)}
        />
      )}
      {shows('subscribed') && (
        <RowSection
          section="subscribed"
          items={subscribed.data}
          pending={subscribed.isPending}
          {...rowProps}
        />
      )}
      {shows('following') && (
        <RowSection
          section="following"
          items={following.data}
          pending={following.isPending}
          {...rowProps}
        />
      )}
      {shows('discover') && (
        <DiscoverSection
          discover={discover}
          narrowed={narrowed}
          id={discoverId}
          onOpenStories={handleOpenStories}
        />
      )}
    </div>
  );
}
