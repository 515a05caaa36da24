import type { HomeItem, Tag } from '@glimpse/contract';

/** Test data for the home and filter suites. */
export function makeHomeItem(id: number, overrides: Partial<HomeItem> = {}): HomeItem {
  return {
    id,
    slug: `creator-${id}`,
    name: `Creator ${id}`,
    image: null,
    has_stories: 2,
    hasNotWatchedStories: false,
    order: 0,
    isVerify: false,
    subscribed: false,
    stream: null,
    ...overrides,
  };
}

export function makeHomeItems(fromId: number, count: number): HomeItem[] {
  return Array.from({ length: count }, (_, index) => makeHomeItem(fromId + index));
}

export const tags: Tag[] = [
  {
    id: 1,
    title: 'fitness',
    group: 'Hobbies',
    is_male: true,
    is_female: true,
    is_transgender: true,
  },
  { id: 2, title: 'beard', group: 'Looks', is_male: true, is_female: false, is_transgender: false },
  { id: 3, title: 'makeup', group: 'Looks', is_male: false, is_female: true, is_transgender: true },
];

/** What GET /api/tags answers for the `genders[]` in a URL (none: every tag). */
export function tagsForUrl(url: string): Tag[] {
  const genders = new URL(url, 'http://test').searchParams.getAll('genders[]');
  if (genders.length === 0) return tags;
  return tags.filter((tag) =>
    genders.some((gender) => tag[`is_${gender}` as 'is_male' | 'is_female' | 'is_transgender']),
  );
}
