import { Tabs } from 'radix-ui';
import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn.ts';
import { focusLikeUser } from '../../ui/focus-modality.ts';
import { StoriesTab } from './StoriesTab.tsx';
import { useSwipe } from './use-swipe.ts';

// The Streams tab is a chunk of its own, fetched when the tab is first shown: the home route's
// first load has no room for it.
const StreamsTab = lazy(() => import('./StreamsTab.tsx').then((m) => ({ default: m.StreamsTab })));

type HomeTab = 'stories' | 'streams';

const tabClass = cn(
  'min-h-12 flex-1 border-b-2 border-transparent text-base font-semibold text-neutral-600',
  'data-[state=active]:border-accent data-[state=active]:text-neutral-900',
  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent',
);

/**
 * Radix focuses a tab from script on mousedown, which Chrome rings like keyboard focus. Focusing
 * it first, marked as pointer focus, leaves Radix's call nothing to do and the click no ring.
 */
function handleTabMouseDown(event: MouseEvent<HTMLButtonElement>) {
  if (event.button === 0 && !event.ctrlKey) focusLikeUser(event.currentTarget);
}

/** Stories and Streams: clickable tabs (arrow keys move between them) and a 50 px swipe. */
export function HomeTabs() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<HomeTab>('stories');
  // Once shown, the Streams tab stays mounted (hidden) like Stories, listening for streams.
  const [streamsShown, setStreamsShown] = useState(false);
  if (tab === 'streams' && !streamsShown) setStreamsShown(true);
  const swipeRef = useSwipe<HTMLDivElement>({
    onSwipeLeft: () => setTab('streams'),
    onSwipeRight: () => setTab('stories'),
  });
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => setTab(value as HomeTab)}
      className="flex flex-1 flex-col"
    >
      <Tabs.List aria-label={t('home.tabsLabel')} className="flex border-b border-neutral-200">
        <Tabs.Trigger value="stories" className={tabClass} onMouseDown={handleTabMouseDown}>
          {t('home.stories')}
        </Tabs.Trigger>
        <Tabs.Trigger value="streams" className={tabClass} onMouseDown={handleTabMouseDown}>
          {t('home.streams')}
        </Tabs.Trigger>
      </Tabs.List>
      {/*
        The browser only pans vertically here (horizontal moves are the tab swipe), and
        data-swipe-tabs turns off the page's horizontal overscroll, the history swipe (index.css).
      */}
      <div
        ref={swipeRef}
        data-swipe-tabs=""
        className="flex flex-1 touch-pan-y touch-pinch-zoom flex-col"
      >
        {/* Kept mounted while hidden, so Discover keeps its loaded pages and scroll position. */}
        <Tabs.Content
          value="stories"
          forceMount
          hidden={tab !== 'stories'}
          className="flex-1 focus-visible:outline-none"
        >
          <StoriesTab />
        </Tabs.Content>
        <Tabs.Content
          value="streams"
          forceMount
          hidden={tab !== 'streams'}
          className="flex-1 focus-visible:outline-none"
        >
          {streamsShown && (
            <Suspense>
              <StreamsTab active={tab === 'streams'} />
            </Suspense>
          )}
        </Tabs.Content>
      </div>
    </Tabs.Root>
  );
}
