/** The filter feature's public face: what other features may import. The rest of the folder is its own. */
export { toHomeListQuery, type HomeListQuery } from './filter-model.ts';
export { clearFilter, useFilterNarrows, useSavedFilter } from './filter-storage.ts';
export {
  HOME_FILTERS_KEY,
  notifyHomeFiltersChanged,
  useHasSavedFilter,
} from './home-filters-storage.ts';
