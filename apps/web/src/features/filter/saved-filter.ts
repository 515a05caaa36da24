import { AGE_MAX, AGE_MIN, SEXES } from '@glimpse/contract';
import { clampAge, DEFAULT_FILTER, SECTIONS, type HomeFilterState } from './filter-model.ts';
import { readSavedFilterText } from './saved-filter-text.ts';

// Free of React: the boot code (app/first-requests.ts) asks for the home lists with it.

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function ids(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((id): id is number => Number.isInteger(id) && id >= 0))];
}

function pick<T extends string>(value: unknown, allowed: readonly T[]): T[] {
  if (!Array.isArray(value)) return [];
  return allowed.filter((item) => value.includes(item));
}

function range(value: unknown): [number, number] {
  if (!Array.isArray(value) || value.length !== 2) return [AGE_MIN, AGE_MAX];
  const [low, high] = value.map((age) => (typeof age === 'number' ? clampAge(age) : NaN));
  if (low === undefined || high === undefined || Number.isNaN(low) || Number.isNaN(high)) {
    return [AGE_MIN, AGE_MAX];
  }
  return low <= high ? [low, high] : [high, low];
}

/**
 * Reads what was saved, field by field: storage is user-editable and may hold an older shape,
 * so anything unreadable falls back to its default instead of breaking the home screen.
 */
export function parseFilter(text: string | null): HomeFilterState | null {
  if (text === null) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(raw)) return null;
  const sections = pick(raw.sections, SECTIONS);
  const panels = isRecord(raw.panels) ? raw.panels : {};
  return {
    sections: sections.length > 0 ? sections : [...SECTIONS],
    range: range(raw.range),
    activeGenders: pick(raw.activeGenders, SEXES),
    tags: ids(raw.tags),
    categories: ids(raw.categories),
    countries: ids(raw.countries),
    panels: {
      tags: panels.tags === true,
      categories: panels.categories === true,
      countries: panels.countries === true,
    },
  };
}

export function loadFilter(): HomeFilterState {
  return parseFilter(readSavedFilterText()) ?? DEFAULT_FILTER;
}
