type Section = 'subscribed' | 'following' | 'discover';

export interface List {
  data: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * The shown lists whose first load failed (nothing to show), in screen order. A list that failed
 * to refresh or to load a later page keeps what it has and is not counted.
 */
export function failedLists(lists: Partial<Record<Section, List>>): [Section, List][] {
  return (Object.entries(lists) as [Section, List | undefined][]).filter(
    (entry): entry is [Section, List] =>
      entry[1] !== undefined && entry[1].isError && !entry[1].data,
  );
}
