import { AGE_MAX, AGE_MIN, type HomeSection, type Sex } from '@glimpse/contract';

/** The id of the countries list's "All" entry (spec 3: the list includes an All entry). */
export const ALL_COUNTRIES_ID = 0;

/**
 * The home sections in display order. The contract's HOME_SECTIONS lives beside its zod schemas,
 * and importing a value from there would ship zod to the browser (see vite.config.ts).
 */
export const SECTIONS = ['subscribed', 'following', 'discover'] as const satisfies HomeSection[];

export type FilterPanel = 'tags' | 'categories' | 'countries';

/**
 * Spec 3 "Filter", as saved under `home_filters`. `countries` holds the All id alone when every
 * country is chosen, so the saved value stays small whatever the size of the list.
 */
export interface HomeFilterState {
  sections: HomeSection[];
  range: [number, number];
  activeGenders: Sex[];
  tags: number[];
  categories: number[];
  countries: number[];
  panels: Record<FilterPanel, boolean>;
}

/** Spec 9: all three sections, ages 18-100, nothing else narrowed. */
export const DEFAULT_FILTER: HomeFilterState = {
  sections: [...SECTIONS],
  range: [AGE_MIN, AGE_MAX],
  activeGenders: [],
  tags: [],
  categories: [],
  countries: [],
  panels: { tags: false, categories: false, countries: false },
};

export function toggleIn<T>(list: T[], item: T): T[] {
  return list.includes(item) ? list.filter((value) => value !== item) : [...list, item];
}

/** Keeps a list in a fixed order (e.g. the sections always read subscribed, following, discover). */
export function toggleOrdered<T>(list: T[], item: T, order: readonly T[]): T[] {
  const next = toggleIn(list, item);
  return order.filter((value) => next.includes(value));
}

export function isCountryChosen(selected: number[], countryId: number): boolean {
  return selected.includes(ALL_COUNTRIES_ID) || selected.includes(countryId);
}

/**
 * Spec 5 country rules. `realIds` are every country except All.
 * - All selects everything, or clears everything when it is already chosen.
 * - Unticking one country while All is chosen removes All and keeps the others.
 * - Ticking the last missing country collapses the choice to All.
 */
export function toggleCountry(selected: number[], countryId: number, realIds: number[]): number[] {
  const allChosen = selected.includes(ALL_COUNTRIES_ID);
  if (countryId === ALL_COUNTRIES_ID) return allChosen ? [] : [ALL_COUNTRIES_ID];
  if (allChosen) return realIds.filter((id) => id !== countryId);
  const next = toggleIn(selected, countryId);
  const coversAll = realIds.length > 0 && realIds.every((id) => next.includes(id));
  return coversAll ? [ALL_COUNTRIES_ID] : next;
}

/** Spec 5: categories follow the chosen sex only when exactly one is chosen; otherwise all show. */
export function categoryGender(genders: Sex[]): Sex | undefined {
  return genders.length === 1 ? genders[0] : undefined;
}

export function clampAge(value: number): number {
  return Math.min(AGE_MAX, Math.max(AGE_MIN, Math.round(value)));
}

export function hasSection(filter: HomeFilterState): boolean {
  return filter.sections.length > 0;
}

/** The filter as the three home requests send it; All (or no country) means no country filter. */
export type HomeListQuery = {
  age_min: number;
  age_max: number;
  genders?: Sex[];
  tags?: number[];
  categories?: number[];
  countries?: number[];
};

export function toHomeListQuery(filter: HomeFilterState): HomeListQuery {
  const query: HomeListQuery = { age_min: filter.range[0], age_max: filter.range[1] };
  if (filter.activeGenders.length > 0) query.genders = [...filter.activeGenders].sort();
  if (filter.tags.length > 0) query.tags = [...filter.tags].sort((a, b) => a - b);
  if (filter.categories.length > 0) query.categories = [...filter.categories].sort((a, b) => a - b);
  const countries = filter.countries.filter((id) => id !== ALL_COUNTRIES_ID);
  if (countries.length > 0 && !filter.countries.includes(ALL_COUNTRIES_ID)) {
    query.countries = countries.sort((a, b) => a - b);
  }
  return query;
}

/**
 * Whether the filter leaves creators out of the lists: an age range narrower than 18-100, or any
 * sex, tag, category or country chosen (All countries leaves nobody out). Which sections show
 * does not narrow a list, so it does not count.
 */
export function filterNarrows(filter: HomeFilterState): boolean {
  const query = toHomeListQuery(filter);
  return (
    query.age_min !== AGE_MIN ||
    query.age_max !== AGE_MAX ||
    Object.keys(query).some((key) => key !== 'age_min' && key !== 'age_max')
  );
}
