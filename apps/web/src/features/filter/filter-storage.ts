import { useMemo } from 'react';
import { useSavedFilterText, writeSavedFilterText } from './home-filters-storage.ts';
import { DEFAULT_FILTER, filterNarrows, type HomeFilterState } from './filter-model.ts';
import { parseFilter } from './saved-filter.ts';

export { loadFilter, parseFilter } from './saved-filter.ts';

export function saveFilter(filter: HomeFilterState) {
  writeSavedFilterText(JSON.stringify(filter));
}

export function clearFilter() {
  writeSavedFilterText(null);
}

/** The filter the home lists use: the saved one, or the default when none is saved. */
export function useSavedFilter(): HomeFilterState {
  const text = useSavedFilterText();
  return useMemo(() => parseFilter(text) ?? DEFAULT_FILTER, [text]);
}

/** The saved filter leaves creators out of the home lists (see filterNarrows). */
export function useFilterNarrows(): boolean {
  return filterNarrows(useSavedFilter());
}
