import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../ui/lazy-dialog.tsx';
import { NewStoryButton } from '../story-posting/index.ts';
import { AppHeader } from './AppHeader.tsx';
import { HomeTabs } from './HomeTabs.tsx';

// The filter dialog (and its lists) is fetched only when it first opens.
const FilterDialog = lazyPart(() =>
  import('../filter/FilterDialog.tsx').then((m) => m.FilterDialog),
);

/** auth.home: header plus the Stories / Streams tabs. */
export function HomeScreen() {
  const { t } = useTranslation();
  const [filterOpen, setFilterOpen] = useState(false);
  const openFilter = useCallback(() => setFilterOpen(true), []);
  return (
    <>
      <AppHeader onFilterClick={openFilter} />
      <main id="main" className="flex flex-1 flex-col">
        <h1 className="sr-only">{t('common.appName')}</h1>
        <HomeTabs
          onOpenFilter={openFilter}
          aside={
            // A phone's "New story", compact in the tabs' row; on a desktop the rail offers it.
            <div className="shrink-0 pr-3 lg:hidden">
              <NewStoryButton variant="secondary" className="min-h-10 gap-1 px-3 text-sm" />
            </div>
          }
        />
      </main>
      {filterOpen && <FilterDialog open onOpenChange={setFilterOpen} />}
    </>
  );
}
