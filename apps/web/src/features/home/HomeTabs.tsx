import { Radio } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { StoriesTab } from './StoriesTab.tsx';
import { useSwipe } from './use-swipe.ts';

type HomeTab = 'stories' | 'streams';

const tabClass = cn(
  'min-h-12 flex-1 border-b-2 border-transparent text-base font-semibold text-neutral-600',
  'data-[state=active]:border-accent data-[state=active]:text-neutral-900',
  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent',
);

/** Stories and Streams: clickable tabs (arrow keys move between them) and a 50 px swipe. */
export function HomeTabs() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<HomeTab>('stories');
  const swipe = useSwipe({
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
        <Tabs.Trigger value="stories" className={tabClass}>
          {t('home.stories')}
        </Tabs.Trigger>
        <Tabs.Trigger value="streams" className={tabClass}>
          {t('home.streams')}
        </Tabs.Trigger>
      </Tabs.List>
      <div className="flex flex-1 flex-col" {...swipe}>
        {/* Kept mounted while hidden, so Discover keeps its loaded pages and scroll position. */}
        <Tabs.Content
          value="stories"
          forceMount
          hidden={tab !== 'stories'}
          className="flex-1 focus-visible:outline-none"
        >
          <StoriesTab />
        </Tabs.Content>
        <Tabs.Content value="streams" className="flex-1 focus-visible:outline-none">
          {/* Live streaming arrives later; until then the tab says so. */}
          <EmptyState icon={<Radio size={40} />} title={t('home.emptyTitle')}>
            <p>{t('home.streamsEmpty')}</p>
          </EmptyState>
        </Tabs.Content>
      </div>
    </Tabs.Root>
  );
}
