import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { prefetchOnApproach } from '../../lib/lazy-module.ts';
import { cn } from '../../ui/cn.ts';
import { lazyPart } from '../../ui/lazy-dialog.tsx';
import { HomeActionsContext, type HomeActions } from './home-actions.ts';
import { SectionSkeleton } from './SectionStates.tsx';
import { StoriesTab } from './StoriesTab.tsx';
import { useSwipe } from './use-swipe.ts';

// The Streams tab is a chunk of its own: the home route's first load has no room for it. It is
// asked for when a pointer or finger comes to the tab, and shows the moment it is here (not
// through Suspense, which holds a reveal back 300 ms), a row's skeleton until then.
const StreamsTab = lazyPart(
  () => import('./StreamsTab.tsx').then((m) => m.StreamsTab),
  <div className="px-4 py-3 lg:px-8 lg:py-4">
    <SectionSkeleton variant="row" />
  </div>,
);

const TABS = ['stories', 'streams'] as const;
type HomeTab = (typeof TABS)[number];

const tabClass = cn(
  'min-h-12 flex-1 border-b-2 border-transparent text-base font-semibold text-neutral-600',
  'aria-selected:border-accent aria-selected:text-neutral-900',
  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent',
);

/** The tab an arrow key, Home or End moves to from `tab` (WAI-ARIA tabs pattern); none for others. */
function tabForKey(key: string, tab: HomeTab): HomeTab | undefined {
  const index = TABS.indexOf(tab);
  if (key === 'ArrowRight') return TABS[(index + 1) % TABS.length];
  if (key === 'ArrowLeft') return TABS[(index - 1 + TABS.length) % TABS.length];
  if (key === 'Home') return TABS[0];
  if (key === 'End') return TABS[TABS.length - 1];
  return undefined;
}

/**
 * Stories and Streams: clickable tabs (arrow keys, Home and End move between them, selecting as
 * they go) and a 50 px swipe. Plain elements with the tabs pattern's roles rather than a UI
 * kit's tabs: the home screen is the first thing a phone renders, and the kit's panels read
 * computed styles on mount, a forced style pass in the middle of the first render.
 */
interface HomeTabsProps {
  /** Opens the filter dialog: what an empty or filtered section offers. */
  onOpenFilter: () => void;
  /** Beside the tabs, in their row (a phone's "New story"). */
  aside?: ReactNode;
}

export function HomeTabs({ onOpenFilter, aside }: HomeTabsProps) {
  const { t } = useTranslation();
  const id = useId();
  const tabIds = { stories: `${id}-tab-stories`, streams: `${id}-tab-streams` };
  const panelIds = { stories: `${id}-panel-stories`, streams: `${id}-panel-streams` };
  const tabRefs = useRef<Partial<Record<HomeTab, HTMLButtonElement | null>>>({});
  const [tab, setTab] = useState<HomeTab>('stories');
  // Once shown, the Streams tab stays mounted (hidden) like Stories, listening for streams.
  const [streamsShown, setStreamsShown] = useState(false);
  if (tab === 'streams' && !streamsShown) setStreamsShown(true);
  const swipeRef = useSwipe<HTMLDivElement>({
    onSwipeLeft: () => setTab('streams'),
    onSwipeRight: () => setTab('stories'),
  });

  const actions = useMemo<HomeActions>(
    () => ({ openFilter: onOpenFilter, showTab: setTab }),
    [onOpenFilter],
  );

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const next = tabForKey(event.key, tab);
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <HomeActionsContext value={actions}>
      <div className="flex flex-1 flex-col">
        <div className="flex items-center gap-2 border-b border-neutral-200">
          <div
            role="tablist"
            aria-label={t('home.tabsLabel')}
            aria-orientation="horizontal"
            className="flex flex-1"
            onKeyDown={handleKeyDown}
          >
            {TABS.map((name) => (
              <button
                key={name}
                ref={(element) => {
                  tabRefs.current[name] = element;
                }}
                type="button"
                role="tab"
                id={tabIds[name]}
                aria-selected={tab === name}
                aria-controls={panelIds[name]}
                // One stop in the tab order: the selected tab; the arrows reach the other.
                tabIndex={tab === name ? 0 : -1}
                className={tabClass}
                {...(name === 'streams' ? prefetchOnApproach(StreamsTab.prefetch) : {})}
                onClick={() => setTab(name)}
              >
                {t(name === 'stories' ? 'home.stories' : 'home.streams')}
              </button>
            ))}
          </div>
          {aside}
        </div>
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
          <div
            role="tabpanel"
            id={panelIds.stories}
            aria-labelledby={tabIds.stories}
            hidden={tab !== 'stories'}
            tabIndex={0}
            className="flex-1 focus-visible:outline-none"
          >
            <StoriesTab />
          </div>
          <div
            role="tabpanel"
            id={panelIds.streams}
            aria-labelledby={tabIds.streams}
            hidden={tab !== 'streams'}
            tabIndex={0}
            className="flex-1 focus-visible:outline-none"
          >
            {streamsShown && <StreamsTab active={tab === 'streams'} />}
          </div>
        </div>
      </div>
    </HomeActionsContext>
  );
}
